/**
 * The Affinda node's AI-tool variant in the in-process n8n, made the way n8n makes it for a node
 * marked `usableAsTool`: the same node under the name `<name>Tool` (which turns on its `@tool`
 * parameters), without a main input, with one AI tool output.
 */
import type { IDataObject, INodeType, IRun } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { AFFINDA_NODE_NAME } from './in-process-workflow';
import { AFFINDA_NODE_TYPE, loadPackage } from './n8n-in-process';

export const AFFINDA_TOOL_TYPE = `${AFFINDA_NODE_TYPE}Tool`;

export async function registerToolVariant(): Promise<void> {
	const { nodeTypes } = await loadPackage();
	if (nodeTypes[AFFINDA_TOOL_TYPE]) return;
	const affinda = nodeTypes[AFFINDA_NODE_TYPE] as INodeType;
	const tool = Object.create(affinda) as INodeType;
	tool.description = {
		...affinda.description,
		name: `${affinda.description.name}Tool`,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
	nodeTypes[AFFINDA_TOOL_TYPE] = tool;
}

/** The arguments the model gave, as n8n hands them to the node: the input item. */
export function modelArguments(args: IDataObject) {
	return [{ json: { ...args, toolCallId: 'call_1' } }];
}

/** What the agent reads as the tool's answer: the node's output logged as ai_tool. */
export function toolAnswer(run: IRun): IDataObject[] {
	const [task] = run.data.resultData.runData[AFFINDA_NODE_NAME];
	return (task.data?.[NodeConnectionTypes.AiTool]?.[0] ?? []).map((item) => item.json);
}

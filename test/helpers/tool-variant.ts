/**
 * The Affinda node's AI-tool variant in the in-process n8n, made the way n8n makes it for a node
 * marked `usableAsTool`: the same node under the name `<name>Tool` (which turns on its `@tool`
 * parameters), without a main input, with one AI tool output.
 */
import type { INodeType, IVersionedNodeType } from 'n8n-workflow';
import { NodeConnectionTypes, VersionedNodeType } from 'n8n-workflow';

import { AFFINDA_NODE_TYPE, loadPackage } from './n8n-in-process';

export const AFFINDA_TOOL_TYPE = `${AFFINDA_NODE_TYPE}Tool`;

export async function registerToolVariant(): Promise<void> {
	const { nodeTypes } = await loadPackage();
	if (nodeTypes[AFFINDA_TOOL_TYPE]) return;
	const affinda = nodeTypes[AFFINDA_NODE_TYPE] as IVersionedNodeType;
	const versions: IVersionedNodeType['nodeVersions'] = {};
	for (const [version, type] of Object.entries(affinda.nodeVersions)) {
		const tool = Object.create(type) as INodeType;
		tool.description = {
			...type.description,
			name: `${type.description.name}Tool`,
			inputs: [],
			outputs: [NodeConnectionTypes.AiTool],
		};
		versions[Number(version)] = tool;
	}
	nodeTypes[AFFINDA_TOOL_TYPE] = new VersionedNodeType(versions, {
		...affinda.description,
		name: `${affinda.description.name}Tool`,
	});
}

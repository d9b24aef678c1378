// Reading what each node of a finished execution produced, as n8n recorded it.
import type { INodeExecutionData, ITaskData } from 'n8n-workflow';

import type { Execution } from './n8n-client';

/** Every run of a node in the execution (a node runs once per batch of input, usually once). */
export function nodeRuns(execution: Execution, nodeName: string): ITaskData[] {
	const runs = execution.data.resultData.runData[nodeName];
	if (!runs) {
		const ran = Object.keys(execution.data.resultData.runData).join(', ');
		throw new Error(`Node "${nodeName}" did not run in execution ${execution.id} (ran: ${ran})`);
	}
	return runs;
}

/** The items a node sent out of one of its outputs (0: main or success, 1: the error output). */
export function outputItems(
	execution: Execution,
	nodeName: string,
	output = 0,
	run = 0,
): INodeExecutionData[] {
	return nodeRuns(execution, nodeName)[run].data?.main?.[output] ?? [];
}

/** The error the execution stopped on, if it failed, for readable assertion messages. */
export function executionError(execution: Execution): string | undefined {
	const error = execution.data.resultData.error;
	if (!error) return undefined;
	const description = (error as { description?: string }).description;
	return [`${error.name ?? 'Error'}: ${error.message}`, description].filter(Boolean).join('\n');
}

import type {
	IDataObject,
	IHookFunctions,
	INodeProperties,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { OUTPUT_PARAMETER, readOutput, documentShaper } from './output/output';
import { readRowOptions, ROW_OPTIONS } from './output/rowOptions';
import { wholeNumberOption, workspaceLocator } from './parameters';
import { wholeNumberWithin } from './readers';

/**
 * What both triggers share, above the parameters and Output they are made of: Scope → Workspace,
 * the windows in minutes, Fetch Document with its Output and the row's options, and reading
 * them when the trigger is set up.
 */

/** Scope → Workspace: the one parameter both triggers show for the workspace they watch. */
export const triggerWorkspaceParameter: INodeProperties = {
	...workspaceLocator,
	description: 'The workspace whose documents start the workflow',
	required: true,
	displayOptions: { show: { scope: ['workspace'] } },
};

/**
 * A trigger's window in minutes (Replay Window, Late Window): a whole number from 1 to a day,
 * the bounds its reader (`wholeNumberWithin`) checks again.
 */
export function minutesWindowOption(
	displayName: string,
	name: string,
	defaultMinutes: number,
	description: string,
): INodeProperties {
	return wholeNumberOption(
		{ displayName, name, bounds: { min: 1, max: 1440 } },
		defaultMinutes,
		description,
	);
}

/**
 * A trigger's window (in minutes, from its Options) and the Output of the documents it fetches,
 * both checked when the trigger is set up: a bad value fails the node, naming the parameter. The
 * one place a trigger's Output is read.
 */
export function readTriggerWindowAndOutput(
	this: IHookFunctions | IWebhookFunctions | IPollFunctions,
	windowParameter: INodeProperties,
	options: IDataObject,
): { windowMinutes: number; documentAsAsked: (document: IDataObject) => IDataObject } {
	try {
		const windowMinutes = wholeNumberWithin(windowParameter, options[windowParameter.name]);
		const output = this.getNodeParameter('output', TRIGGER_OUTPUT_PARAMETER.default);
		return { windowMinutes, documentAsAsked: readDocumentShaper(output, options) };
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message);
	}
}

/** The triggers' Output: shown once Fetch Document is on, for the document it adds. */
export const TRIGGER_OUTPUT_PARAMETER: INodeProperties = {
	...OUTPUT_PARAMETER,
	description: 'What the fetched document, added as "document", holds',
	displayOptions: { show: { fetchDocument: [true] } },
};

/** The row's options in a trigger's Options: only with Fetch Document and Flat Row. */
const TRIGGER_ROW_OPTIONS: INodeProperties[] = ROW_OPTIONS.map((option) => ({
	...option,
	displayOptions: { show: { '/fetchDocument': [true], '/output': ['row'] } },
}));

/**
 * Both triggers' last parameters: Fetch Document (`cost`: what fetching takes or adds), Output
 * for the fetched document, and Options (the trigger's own `options`, then the row's).
 */
export function triggerDocumentParameters(
	cost: string,
	options: INodeProperties[],
): INodeProperties[] {
	return [
		{
			displayName: 'Fetch Document',
			name: 'fetchDocument',
			type: 'boolean',
			default: false,
			description: `Whether to get the whole document, parsed data included, before the workflow starts (${cost}); it is added as "document"`,
		},
		TRIGGER_OUTPUT_PARAMETER,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [...options, ...TRIGGER_ROW_OPTIONS],
		},
	];
}

/** A trigger's Output and Options as a shaper of the document it fetched (checked first). */
function readDocumentShaper(
	output: unknown,
	options: unknown,
): (document: IDataObject) => IDataObject {
	const choice = readOutput(output);
	return documentShaper(choice, choice === 'row' ? readRowOptions(options) : undefined);
}

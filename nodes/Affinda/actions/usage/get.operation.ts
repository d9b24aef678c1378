import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	documentTypeLocator,
	organizationLocator as organization,
	workspaceLocator,
} from '../../../shared/parameters';
import { invalid, readIdentifier, readOptionalIdentifier } from '../../../shared/readers';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { optionsCollection } from '../common.descriptions';

/** Usage → Get: GET /v3/usage, the credits used a day (UsageResponse). */

const organizationLocator: INodeProperties = {
	...organization,
	description: 'The organization to report on; your key must be an admin or owner of it',
	required: true,
};

const startParameter: INodeProperties = {
	displayName: 'Start',
	name: 'start',
	type: 'dateTime',
	default: '',
	description: 'First day of the period (inclusive). Leave empty for 365 days before End.',
};

const endParameter: INodeProperties = {
	displayName: 'End',
	name: 'end',
	type: 'dateTime',
	default: '',
	description: 'Last day of the period (inclusive). Leave empty for today.',
};

const scopeParameter: INodeProperties = {
	displayName: 'Scope',
	name: 'scope',
	type: 'options',
	default: 'organization',
	options: [
		{ name: 'Whole Organization', value: 'organization' },
		{ name: 'One Workspace', value: 'workspace' },
		{ name: 'One Document Type', value: 'documentType' },
	],
	description: 'Affinda reports a workspace or a document type, not both at once',
};

export const description: INodeProperties[] = [
	organizationLocator,
	scopeParameter,
	{
		...workspaceLocator,
		required: true,
		description: 'The workspace to report on',
		displayOptions: { show: { scope: ['workspace'] } },
	},
	{
		...documentTypeLocator,
		required: true,
		description: 'The document type to report on',
		displayOptions: { show: { scope: ['documentType'] } },
	},
	startParameter,
	endParameter,
	optionsCollection(),
];

export const toolDescription =
	"Gets how many Affinda credits the organization used, a day over a period (by default the last 365 days), as the node's settings say. Returns the total and one entry per day with usage. Use it when the user asks how many documents were parsed or how many credits are left to plan; it changes nothing.";

/** A day as the service takes it (YYYY-MM-DD), from a date, a date-time or a Luxon DateTime. */
function toDay(parameter: INodeProperties, value: unknown): string | undefined {
	const toISO = (value as { toISO?: unknown } | null)?.toISO;
	const text =
		typeof toISO === 'function'
			? String(toISO.call(value))
			: readOptionalIdentifier(parameter, value, 'a date such as 2026-01-31');
	if (text === undefined) return undefined;
	const day = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text)?.[1];
	if (!day || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
		invalid(parameter, value, 'a date such as 2026-01-31');
	}
	return day;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const qs: IDataObject = {
		organization: readIdentifier(
			organizationLocator,
			this.getNodeParameter('organization', itemIndex),
			'an organization identifier',
		),
	};
	const scope = this.getNodeParameter('scope', itemIndex, 'organization');
	if (scope === 'workspace') {
		qs.workspace = readIdentifier(
			workspaceLocator,
			this.getNodeParameter('workspace', itemIndex),
			'a workspace identifier',
		);
	} else if (scope === 'documentType') {
		qs.document_type = readIdentifier(
			documentTypeLocator,
			this.getNodeParameter('documentType', itemIndex),
			'a document type identifier',
		);
	} else if (scope !== 'organization') {
		invalid(scopeParameter, scope, 'Whole Organization, One Workspace or One Document Type');
	}
	const start = toDay(startParameter, this.getNodeParameter('start', itemIndex, ''));
	const end = toDay(endParameter, this.getNodeParameter('end', itemIndex, ''));
	if (start !== undefined && end !== undefined && start > end) {
		invalid(startParameter, start, `a day on or before End (${end})`);
	}
	if (start !== undefined) qs.start = start;
	if (end !== undefined) qs.end = end;
	return await requestForItem.call(this, { method: 'GET', path: '/v3/usage', qs, itemIndex });
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { findOrCreateTag } from '../../helpers/tags';
import { nameParameter, optionsCollection, tagWorkspaceLocator } from '../common.descriptions';
import { readIdentifier } from '../../../shared/readers';

const tagNameParameter = nameParameter(
	'e.g. shortlisted',
	'The tag, as people will see it on documents',
);

const workspaceParameter: INodeProperties = {
	...tagWorkspaceLocator('The workspace the tag belongs to: it can tag only its documents'),
	required: true,
};

export const description: INodeProperties[] = [
	tagNameParameter,
	workspaceParameter,
	optionsCollection(),
];

export const toolDescription =
	'Creates a tag in a workspace of Affinda, or returns the tag of that name the workspace has already ("created" says which). Returns the tag with its ID. Use it only when the user asks for a new tag; to tag documents, use the tool that adds a tag.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = readIdentifier(tagNameParameter, this.getNodeParameter('name', itemIndex), 'a name');
	const workspace = readIdentifier(
		workspaceParameter,
		this.getNodeParameter('workspace', itemIndex),
		'a workspace identifier',
	);
	const { tag, created } = await findOrCreateTag.call(this, name, workspace, itemIndex);
	return { ...tag, created };
}

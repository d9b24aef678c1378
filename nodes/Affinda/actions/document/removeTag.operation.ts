import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Settled } from '../../helpers/concurrency';
import { executeTagging, taggingProperties } from './tagging';

export const toolDescription =
	"Takes a tag (a label such as \"shortlisted\") off a document in Affinda; the tag itself stays for other documents. Arguments: identifier, the document's identifier; tag, the tag's name. Returns the document's identifier and the tag. Use it when the user asks to unlabel a document or undo a shortlist; to add a tag, use the tool that adds a tag.";

export const description = taggingProperties(false);

export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	stopAfterFailure: boolean,
): Promise<Array<Settled<IDataObject> | undefined>> {
	return await executeTagging.call(this, items, false, stopAfterFailure);
}

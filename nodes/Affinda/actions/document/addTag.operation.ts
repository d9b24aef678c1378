import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Settled } from '../../helpers/concurrency';
import { executeTagging, taggingProperties } from './tagging';

export const toolDescription =
	"Adds a tag (a label such as \"shortlisted\" or a requisition number) to a document in Affinda, so it can be found by that tag later. Arguments: identifier, the document's identifier; tag, the tag's name. Returns the document's identifier and the tag. Use it when the user asks to label, shortlist or group a document; to take a tag off, use the tool that removes a tag.";

export const description = taggingProperties(true);

export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	stopAfterFailure: boolean,
): Promise<Array<Settled<IDataObject> | undefined>> {
	return await executeTagging.call(this, items, true, stopAfterFailure);
}

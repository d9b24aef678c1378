import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import * as annotation from './annotation/Annotation.resource';
import * as document from './document/Document.resource';
import * as index from './index/Index.resource';
import * as jobDescription from './jobDescription/JobDescription.resource';
import * as resume from './resume/Resume.resource';

/** What each `<operation>.operation.ts` module exports. */
export type AffindaOperation =
	| {
			description: INodeProperties[];
			/** Runs for one input item; the router pairs what it returns with that item. */
			execute: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject | IDataObject[]>;
	  }
	| {
			description: INodeProperties[];
			/** Sends one request for many items, and pairs its outputs itself. */
			executeForAll: (
				this: IExecuteFunctions,
				items: INodeExecutionData[],
			) => Promise<INodeExecutionData[]>;
	  };

export const operations: Record<string, Record<string, AffindaOperation>> = {
	annotation: annotation.operations,
	document: document.operations,
	index: index.operations,
	jobDescription: jobDescription.operations,
	resume: resume.operations,
};

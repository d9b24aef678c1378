/**
 * Fills a dropdown the way n8n's editor backend does: the built node (dist/) in a one-node
 * workflow, n8n-core's LoadOptionsContext with its real authenticated HTTP helper, and the node's
 * `methods.loadOptions` / `methods.listSearch` function called by name. What reaches the wire and
 * what the editor is handed (options, or the error it shows) are both real.
 */
import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { AFFINDA_NODE_TYPE, TestNodeTypes, credentialsHelper, loadPackage } from './n8n-in-process';

export interface DropdownOptions {
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** Parameters the person set; the rest take their defaults, as in the editor. */
	parameters?: INodeParameters;
	/** The node whose dropdown it is; the Affinda node unless told (e.g. the trigger). */
	nodeType?: string;
}

async function contextFor(
	{ credentials, parameters = {}, nodeType: typeName = AFFINDA_NODE_TYPE }: DropdownOptions,
	path: string,
): Promise<{ nodeType: INodeType; context: LoadOptionsContext }> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const types = new TestNodeTypes(nodeTypes);
	const nodeType = types.getByNameAndVersion(typeName, 1);
	const node: INode = {
		id: 'affinda',
		name: 'Affinda',
		type: typeName,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { affindaApi: { id: 'affindaTestCred', name: 'Affinda (test)' } },
	};
	// The editor sends every shown parameter, defaults included, with each dropdown request.
	node.parameters =
		NodeHelpers.getNodeParameters(
			nodeType.description.properties,
			parameters,
			true,
			false,
			node,
			nodeType.description,
		) ?? {};
	const workflow = new Workflow({
		id: 'wfLoadOptions',
		nodes: [node],
		connections: {},
		nodeTypes: types,
		active: false,
		settings: { executionOrder: 'v1' },
	});
	const additionalData = {
		credentialsHelper: credentialsHelper(credentials, credentialTypes),
		currentNodeParameters: node.parameters,
		executionId: undefined,
		userId: 'test-user',
		restApiUrl: 'http://localhost/rest',
		instanceBaseUrl: 'http://localhost/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return { nodeType, context: new LoadOptionsContext(workflow, node, additionalData, path) };
}

/** The options of a `loadOptionsMethod` dropdown, or the error n8n would show in its place. */
export async function loadOptionsInProcess(
	method: string,
	options: DropdownOptions,
): Promise<INodePropertyOptions[]> {
	const { nodeType, context } = await contextFor(options, `parameters.${method}`);
	const load = nodeType.methods?.loadOptions?.[method];
	if (!load) throw new Error(`The node has no loadOptions method "${method}"`);
	return await load.call(context);
}

/** One page of a resource locator's list (`searchListMethod`), or the error n8n would show. */
export async function listSearchInProcess(
	method: string,
	options: DropdownOptions & { filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const { nodeType, context } = await contextFor(options, `parameters.${method}`);
	const search = nodeType.methods?.listSearch?.[method];
	if (!search) throw new Error(`The node has no listSearch method "${method}"`);
	return await search.call(context, options.filter, options.paginationToken);
}

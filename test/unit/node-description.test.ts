import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { AffindaApi } from '../../credentials/AffindaApi.credentials';
import { Affinda } from '../../nodes/Affinda/Affinda.node';
import { operations } from '../../nodes/Affinda/actions/resources';

const node = new Affinda();
const description = node.description;
const properties = description.properties;

const resourceOptions = () =>
	(properties.find((p) => p.name === 'resource')?.options as INodePropertyOptions[]).map(
		(o) => o.value,
	);

describe('the node description', () => {
	test('is a programmatic node usable as an AI tool, with the Affinda credential', () => {
		expect(description.name).toBe('affinda');
		// The tool's name carries the words people search the agent's tool picker for (it has no aliases).
		expect(description.usableAsTool).toMatchObject({
			replacements: { displayName: expect.stringMatching(/Resume.*CV Parser/) },
		});
		expect(description.credentials).toEqual([{ name: 'affindaApi', required: true }]);
		expect(description.icon).toEqual({
			light: 'file:../../icons/affinda.svg',
			dark: 'file:../../icons/affinda.dark.svg',
		});
	});

	test('offers the registered resources and operations (actions/resources.ts), each routed to code', () => {
		expect(resourceOptions().map(String).sort()).toEqual(Object.keys(operations).sort());
		for (const resource of resourceOptions()) {
			const operationParameter = properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
			) as INodeProperties;
			const offered = (operationParameter.options as INodePropertyOptions[]).map((o) =>
				String(o.value),
			);
			expect(Object.keys(operations[String(resource)]).sort()).toEqual([...offered].sort());
		}
	});

	test('every operation has a precise action and a description (AI agents read them)', () => {
		for (const operationParameter of properties.filter((p) => p.name === 'operation')) {
			for (const option of operationParameter.options as INodePropertyOptions[]) {
				expect(option.action).toMatch(/^[A-Z][a-z]+ /);
				expect(option.description?.length).toBeGreaterThan(20);
			}
		}
	});

	test('every operation parameter is shown for its own resource and operation only', () => {
		for (const parameter of properties.filter((p) => !['resource', 'operation'].includes(p.name))) {
			const show = parameter.displayOptions?.show;
			expect(show?.resource).toHaveLength(1);
			expect(show?.operation).toHaveLength(1);
		}
	});
});

describe('the node version', () => {
	test('is one version, 1, and each dropdown it references loads', () => {
		expect(description.version).toBe(1);
		const methods = node.methods;
		const referenced = JSON.stringify(properties).match(
			/"(loadOptionsMethod|searchListMethod)":"\w+"/g,
		);
		expect(referenced?.length).toBeGreaterThan(0);
		for (const reference of referenced ?? []) {
			const [kind, name] = reference.replace(/"/g, '').split(':');
			const group: Record<string, unknown> =
				kind === 'loadOptionsMethod' ? methods.loadOptions : methods.listSearch;
			expect({ [name]: typeof group[name] }).toEqual({ [name]: 'function' });
		}
	});
});

describe('the credential', () => {
	const credential = new AffindaApi();

	test('offers Global, US, EU and a custom base URL, and tests with GET /v3/organizations', () => {
		const region = credential.properties.find((p) => p.name === 'region') as INodeProperties;
		expect((region.options as INodePropertyOptions[]).map((o) => o.value)).toEqual([
			'api',
			'api.us1',
			'api.eu1',
			'custom',
		]);
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions).toEqual({
			password: true,
		});
		expect(credential.properties.find((p) => p.name === 'baseUrl')?.displayOptions).toEqual({
			show: { region: ['custom'] },
		});
		expect(credential.test.request).toMatchObject({ method: 'GET', url: '/v3/organizations' });
		expect(credential.authenticate).toEqual({
			type: 'generic',
			properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
		});
	});
});

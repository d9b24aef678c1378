import type { IExecuteFunctions, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ItemOutcomes, toItemError } from '../../nodes/Affinda/helpers/itemErrors';
import { InvalidParameterError } from '../../nodes/shared/errors';

// An error carries its item as data (`itemIndex` in its context); the router names the item in
// the message once, as the error leaves the node. A batch request's failure names none.

const node = { name: 'Affinda', type: 'n8n-nodes-affinda.affinda' } as INode;
const context = { getNode: () => node } as unknown as IExecuteFunctions;
const asItemError = (error: unknown, itemIndex: number) =>
	toItemError.call(context, error, itemIndex);

describe('an item error', () => {
	test('is made without "[item N]": the router names the item from its context, once', () => {
		const error = new NodeOperationError(node, 'Workspace ws1 has no tag named "x"', {
			itemIndex: 2,
		});
		expect(error.message).toBe('Workspace ws1 has no tag named "x"');
		expect(asItemError(error, 2).message).toBe('Workspace ws1 has no tag named "x" [item 2]');
		expect(asItemError(error, 2).message).toBe('Workspace ws1 has no tag named "x" [item 2]');
		expect(error.context.itemIndex).toBe(2);
	});

	test("a batch request's failure, shared by its items, names none and keeps the first item", () => {
		const shared = new NodeApiError(node, { httpCode: 400 } as JsonObject, {
			message: 'Affinda rejected the request',
			httpCode: '400',
		});
		expect(asItemError(shared, 0).message).toBe('Affinda rejected the request');
		expect(asItemError(shared, 1).message).toBe('Affinda rejected the request');
		expect(shared.context.itemIndex).toBe(0);
	});

	test('bad input read for an item names it; an error n8n named already is not named again', () => {
		const refused = asItemError(new InvalidParameterError('Skills', 'skills', ' ', 'a skill'), 3);
		expect(refused.message).toBe(
			'Parameter "Skills" (skills) is empty, but must be a skill [item 3]',
		);
		expect(refused.context.itemIndex).toBe(3);
		const n8nNamed = new NodeOperationError(node, 'no binary file "data" [item 1]', {
			itemIndex: 1,
		});
		expect(asItemError(n8nNamed, 1).message).toBe('no binary file "data" [item 1]');
	});
});

describe("a batch operation's outcomes", () => {
	test("sit at their items' places; after a failure it stops only when the router says so", () => {
		const goingOn = new ItemOutcomes<{ id: number }>(3, false);
		goingOn.fail(1, new Error('bad'));
		expect(goingOn.stopped).toBe(false);
		goingOn.ok(2, { id: 2 });
		expect(goingOn.settled).toEqual([
			undefined,
			{ ok: false, error: new Error('bad') },
			{ ok: true, value: { id: 2 } },
		]);
		const stopping = new ItemOutcomes<{ id: number }>(3, true);
		stopping.ok(0, { id: 0 });
		expect(stopping.stopped).toBe(false);
		stopping.fail(1, new Error('bad'));
		expect(stopping.stopped).toBe(true);
	});
});

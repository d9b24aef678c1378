import type { INodeProperties } from 'n8n-workflow';

import { InvalidParameterError } from './errors';

/**
 * A whole-number parameter's value (its default when unset), checked against the bounds its own
 * definition gives the editor, so the check and the panel cannot disagree.
 */
export function wholeNumberWithin(parameter: INodeProperties, value: unknown): number {
	const given = value ?? parameter.default;
	const min = parameter.typeOptions?.minValue ?? Number.MIN_SAFE_INTEGER;
	const max = parameter.typeOptions?.maxValue ?? Number.MAX_SAFE_INTEGER;
	if (typeof given !== 'number' || !Number.isInteger(given) || given < min || given > max) {
		throw new InvalidParameterError(
			parameter.displayName,
			parameter.name,
			given,
			`a whole number from ${min} to ${max}`,
		);
	}
	return given;
}

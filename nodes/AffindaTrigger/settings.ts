import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readTriggerWindowAndOutput } from '../shared/triggerSettings';
import { CREDENTIAL_TYPE } from '../shared/transport/connection';
import { replayWindowParameter } from './description';

/** How the trigger checks events: read the same way at activation and for every delivery. */
export interface TriggerSettings {
	/** The organization's Webhook Signature Key, or '' when the credential has none. */
	signatureKey: string;
	requireSignature: boolean;
	replayWindowSeconds: number;
	/** Fetch Document's Output (Flat Row by default) with the row's options, checked as read. */
	documentAsAsked: (document: IDataObject) => IDataObject;
}

interface TriggerOptions {
	requireSignature?: boolean;
	replayWindow?: number;
}

const WHERE_THE_KEY_IS =
	'In the Affinda app, an organization admin finds it under Organization Settings → Webhook Signature Key; paste it into the Affinda API credential.';

export async function readTriggerSettings(
	this: IHookFunctions | IWebhookFunctions,
): Promise<TriggerSettings> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	// Read even without Fetch Document: a setting no event could use is refused at activation.
	const { windowMinutes: replayWindow, documentAsAsked } = readTriggerWindowAndOutput.call(
		this,
		replayWindowParameter,
		options as IDataObject,
	);
	const credentials = await this.getCredentials<{ webhookSecret?: string }>(CREDENTIAL_TYPE);
	return {
		signatureKey: String(credentials.webhookSecret ?? '').trim(),
		requireSignature: options.requireSignature !== false,
		replayWindowSeconds: replayWindow * 60,
		documentAsAsked,
	};
}

/**
 * At activation, before any request: a trigger that would refuse every event is an error that
 * says how to fix it; one that will accept unverified events says so in n8n's log.
 */
export async function checkSettingsAtActivation(
	this: IHookFunctions,
	{ warn }: { warn: boolean },
): Promise<void> {
	const settings = await readTriggerSettings.call(this);
	if (settings.signatureKey !== '') return;
	if (settings.requireSignature) {
		throw new NodeOperationError(
			this.getNode(),
			'The Affinda API credential has no Webhook Signature Key, so events cannot be verified and Require Signature would refuse every one',
			{
				description: `${WHERE_THE_KEY_IS} Or, to accept unverified events, turn off Options → Require Signature.`,
			},
		);
	}
	if (warn) {
		this.logger.warn(
			`Affinda Trigger "${this.getNode().name}": events are unverified. The credential has no Webhook Signature Key and Require Signature is off, so anyone who learns the webhook URL can start this workflow. ${WHERE_THE_KEY_IS}`,
		);
	}
}

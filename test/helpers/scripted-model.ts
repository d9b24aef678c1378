/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test server, Node built-ins only */
/**
 * An OpenAI-compatible server whose "model" follows a script: each request it receives is answered
 * by the next step of the script, a tool call or a text. It speaks both APIs n8n's OpenAI Chat
 * Model may call: the Responses API (`POST …/responses`, its default from node version 1.3) and
 * Chat Completions (`POST …/chat/completions`), answering in the API it was asked in. Every
 * request is kept, so a test reads what the model was told: the tools offered, and each tool
 * result the agent handed back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One turn of the model: call a tool with these arguments, or answer with a text. */
type ModelTurn = { tool: string; arguments: Record<string, unknown> } | { text: string };

/** A turn given as is, or chosen from what the model was sent. */
export type ModelStep = ModelTurn | ((request: ModelRequest) => ModelTurn);

export type ModelApi = 'responses' | 'chatCompletions';

/** What the model was sent, read the same way from either API. */
export interface ModelRequest {
	api: ModelApi;
	path: string;
	body: Record<string, unknown>;
	/** The tools offered: name, description, JSON schema of the arguments. */
	tools: Array<{ name: string; description: string; parameters: Record<string, unknown> }>;
	/** The tool results in the conversation so far, oldest first, as the agent wrote them. */
	toolResults: string[];
}

export interface ScriptedModel {
	/** The base URL to give the OpenAI credential (ends in /v1, as OpenAI's). */
	url: string;
	requests: ModelRequest[];
	/** Replaces the script; each request takes the next step. */
	script(steps: ModelStep[]): void;
	stop(): Promise<void>;
}

function apiOf(path: string): ModelApi | undefined {
	if (path.endsWith('/responses')) return 'responses';
	if (path.endsWith('/chat/completions')) return 'chatCompletions';
	return undefined;
}

function readRequest(api: ModelApi, path: string, body: Record<string, unknown>): ModelRequest {
	const tools = ((body.tools ?? []) as Array<Record<string, unknown>>).map((tool) => {
		// Chat Completions nests the function; the Responses API does not.
		const fn = (tool.function ?? tool) as Record<string, unknown>;
		return {
			name: String(fn.name),
			description: String(fn.description ?? ''),
			parameters: (fn.parameters ?? {}) as Record<string, unknown>,
		};
	});
	const turns = ((api === 'responses' ? body.input : body.messages) ?? []) as Array<
		Record<string, unknown>
	>;
	const toolResults = turns
		.filter((turn) =>
			api === 'responses' ? turn.type === 'function_call_output' : turn.role === 'tool',
		)
		.map((turn) => {
			const content = api === 'responses' ? turn.output : turn.content;
			return typeof content === 'string' ? content : JSON.stringify(content);
		});
	return { api, path, body, tools, toolResults };
}

let counter = 0;

function answer(api: ModelApi, model: unknown, step: ModelTurn) {
	const id = ++counter;
	const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 };
	if (api === 'responses') {
		const output =
			'tool' in step
				? [
						{
							type: 'function_call',
							id: `fc_${id}`,
							call_id: `call_${id}`,
							name: step.tool,
							arguments: JSON.stringify(step.arguments),
							status: 'completed',
						},
					]
				: [
						{
							type: 'message',
							id: `msg_${id}`,
							role: 'assistant',
							status: 'completed',
							content: [{ type: 'output_text', text: step.text, annotations: [] }],
						},
					];
		return {
			id: `resp_${id}`,
			object: 'response',
			created_at: Math.floor(Date.now() / 1000),
			status: 'completed',
			model,
			output,
			usage,
		};
	}
	const message =
		'tool' in step
			? {
					role: 'assistant',
					content: null,
					tool_calls: [
						{
							id: `call_${id}`,
							type: 'function',
							function: { name: step.tool, arguments: JSON.stringify(step.arguments) },
						},
					],
				}
			: { role: 'assistant', content: step.text };
	return {
		id: `chatcmpl_${id}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [{ index: 0, message, finish_reason: 'tool' in step ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
	};
}

function send(response: ServerResponse, status: number, body: unknown) {
	response.writeHead(status, { 'content-type': 'application/json' });
	response.end(JSON.stringify(body));
}

export async function startScriptedModel(): Promise<ScriptedModel> {
	let steps: ModelStep[] = [];
	const requests: ModelRequest[] = [];

	const handle = async (request: IncomingMessage, response: ServerResponse) => {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const path = new URL(request.url ?? '/', 'http://model.local').pathname;
		const api = apiOf(path);
		if (request.method !== 'POST' || api === undefined) {
			send(response, 404, {
				error: { message: `The scripted model has no ${request.method} ${path}` },
			});
			return;
		}
		const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
			string,
			unknown
		>;
		if (body.stream === true) {
			send(response, 400, { error: { message: 'The scripted model does not stream' } });
			return;
		}
		const received = readRequest(api, path, body);
		requests.push(received);
		const next = steps.shift();
		if (next === undefined) {
			send(response, 500, { error: { message: 'The script has no further step' } });
			return;
		}
		const step = typeof next === 'function' ? next(received) : next;
		send(response, 200, answer(api, body.model, step));
	};

	const server = createServer((request, response) => {
		handle(request, response).catch((error: unknown) =>
			send(response, 500, { error: { message: String(error) } }),
		);
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		script: (next) => {
			steps = [...next];
		},
		stop: () =>
			new Promise<void>((closed) => {
				server.closeAllConnections();
				server.close(() => closed());
			}),
	};
}

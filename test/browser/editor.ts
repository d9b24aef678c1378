/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- drives a browser */
// The n8n editor as a person uses it, through Debian's Chromium and playwright-core: sign in, open
// a workflow, add a node from the node picker, open its panel, pick from dropdowns, run a step.
//
// Every step waits for what a person would wait for (an element, a text, a saved workflow), never
// for a fixed time: the suite runs on loaded 2-core machines where the editor may take many seconds
// to draw a panel.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import {
	chromium,
	selectors,
	type Browser,
	type BrowserContext,
	type Locator,
	type Page,
} from 'playwright-core';

import type { N8nClient, WorkflowJson } from '../helpers/real-n8n/n8n-client';
import type { RealN8n } from '../helpers/real-n8n/real-n8n';

/** How long any one element may take to appear: generous, the machine may be busy. */
export const UI_TIMEOUT_MS = 90_000;

// n8n marks its elements with data-test-id.
selectors.setTestIdAttribute('data-test-id');

export interface EditorOptions {
	chromiumPath: string;
	n8n: RealN8n;
	/** Where screenshots go (git-ignored). */
	artifactsDir: string;
}

/** One browser, signed in to one n8n as its owner. */
export class Editor {
	private constructor(
		readonly page: Page,
		private readonly browser: Browser,
		private readonly context: BrowserContext,
		private readonly n8n: RealN8n,
		private readonly artifactsDir: string,
	) {}

	static async launch(options: EditorOptions): Promise<Editor> {
		mkdirSync(options.artifactsDir, { recursive: true });
		const browser = await chromium.launch({
			executablePath: options.chromiumPath,
			headless: true,
			timeout: UI_TIMEOUT_MS,
			// Root in a container has no user namespaces for Chromium's sandbox.
			chromiumSandbox: false,
		});
		const context = await browser.newContext({
			viewport: { width: 1400, height: 1000 },
			baseURL: options.n8n.baseUrl,
		});
		context.setDefaultTimeout(UI_TIMEOUT_MS);
		context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
		const { email, password } = options.n8n.owner;
		const login = await context.request.post('/rest/login', {
			data: { emailOrLdapLoginId: email, password },
		});
		if (!login.ok()) throw new Error(`Signing in to n8n failed: ${login.status()}`);
		const page = await context.newPage();
		return new Editor(page, browser, context, options.n8n, options.artifactsDir);
	}

	get client(): N8nClient {
		return this.n8n.client;
	}

	async close(): Promise<void> {
		await this.context.close().catch(() => undefined);
		await this.browser.close();
	}

	/** Saves a picture of the page as `<name>.png` among the artifacts; returns its path. */
	async screenshot(name: string, target: Page | Locator = this.page): Promise<string> {
		const path = join(this.artifactsDir, `${name}.png`);
		await target.screenshot({ path, animations: 'disabled' });
		return path;
	}

	/* ------------------------------------------------------------ workflows */

	/** Stores the workflow through n8n's API and opens it on the canvas. */
	async openWorkflow(workflow: WorkflowJson): Promise<string> {
		const stored = await this.client.createWorkflow(workflow);
		await this.page.goto(`/workflow/${stored.id}`);
		await this.page.getByTestId('canvas-node').first().waitFor();
		return stored.id;
	}

	/** A new, empty workflow, as the Overview's "Create workflow" opens it. */
	async newWorkflow(): Promise<void> {
		await this.page.goto('/workflow/new');
		await this.page.getByTestId('canvas-plus-button').waitFor();
	}

	/** The workflow as n8n stored it, once `saved` says the editor's changes have reached it. */
	async storedWorkflow(
		id: string,
		saved: (workflow: WorkflowJson) => boolean,
	): Promise<WorkflowJson> {
		const deadline = Date.now() + UI_TIMEOUT_MS;
		for (;;) {
			const workflow = (await this.client.api('GET', `/workflows/${id}`)) as WorkflowJson;
			if (saved(workflow)) return workflow;
			if (Date.now() > deadline) {
				throw new Error(
					`The editor did not save workflow ${id}: ${JSON.stringify(workflow.nodes)}`,
				);
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	/** Ctrl+S, as a person saves (the canvas must have focus, so the panel is closed first). */
	async save(): Promise<void> {
		await this.closeNode();
		await this.page.getByTestId('canvas-wrapper').click({ position: { x: 5, y: 5 } });
		await this.page.keyboard.press('ControlOrMeta+s');
	}

	/** The id in the address bar (a new workflow gets one when first saved). */
	workflowIdFromUrl(): string {
		const match = /\/workflow\/([^/?#]+)/.exec(this.page.url());
		if (!match || match[1] === 'new') throw new Error(`No saved workflow in ${this.page.url()}`);
		return match[1];
	}

	/* ---------------------------------------------------------- node picker */

	/** Opens the node picker from the canvas's + button. */
	async openNodePicker(): Promise<Locator> {
		const plus = this.page.getByTestId('canvas-plus-button');
		if (await plus.isVisible()) await plus.click();
		else await this.page.getByTestId('node-creator-plus-button').click();
		return await this.nodePickerSearch();
	}

	/** Opens the node picker from the + after a node's output, to add what happens next. */
	async openNodePickerAfter(nodeName: string): Promise<Locator> {
		await this.canvasNode(nodeName).hover();
		await this.page
			.locator(`[data-test-id="canvas-node-output-handle"][data-node-name="${nodeName}"]`)
			.getByTestId('canvas-handle-plus')
			.click();
		return await this.nodePickerSearch();
	}

	/** Opens the tool picker of an AI Agent on the canvas (its "Tool" connector's +). */
	async openToolPicker(agentName: string): Promise<Locator> {
		const agent = this.canvasNode(agentName);
		await agent.waitFor();
		await this.page
			.locator('.canvas-node-handle-non-main-input', { hasText: 'Tool' })
			.getByTestId('canvas-handle-plus')
			.click();
		return await this.nodePickerSearch();
	}

	private async nodePickerSearch(): Promise<Locator> {
		const search = this.page.getByTestId('node-creator-search-bar');
		await search.waitFor();
		return search;
	}

	/**
	 * Types into the picker's search and returns the names it lists once the list has settled on
	 * `expected` (or, when that never happens, what it shows at the deadline, for the assertion).
	 */
	async searchNodePicker(term: string, expected: string): Promise<string[]> {
		const search = this.page.getByTestId('node-creator-search-bar');
		await search.fill(term);
		const items = this.page.getByTestId('node-creator-item-name');
		await items
			.filter({ hasText: expected })
			.first()
			.waitFor({ timeout: 20_000 })
			.catch(() => undefined);
		return (await items.allInnerTexts()).map((text) => text.trim());
	}

	/** The actions the picker lists for a node, in its order, after choosing the node. */
	async nodeActions(nodeDisplayName: string): Promise<string[]> {
		await this.page
			.getByTestId('node-creator-item-name')
			.filter({ hasText: new RegExp(`^${escapeRegExp(nodeDisplayName)}$`) })
			.click();
		const actions = this.actionItems();
		await actions.first().waitFor();
		return (await actions.allInnerTexts()).map((text) => text.trim());
	}

	/** Chooses an action from the list `nodeActions` opened; n8n adds the node and opens its panel. */
	async chooseAction(action: string): Promise<Locator> {
		await this.actionItems()
			.filter({ hasText: new RegExp(`^${escapeRegExp(action)}$`) })
			.click();
		return await this.ndv();
	}

	/** In a node's page of the picker, each action (and suggested trigger) is one named item. */
	private actionItems(): Locator {
		return this.page
			.getByTestId('node-creator')
			.locator('[class*="_action_"]')
			.getByTestId('node-creator-item-name');
	}

	/* ---------------------------------------------------------- node panel */

	canvasNode(name: string): Locator {
		return this.page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	}

	/** The subtitle the canvas shows under a node's name. */
	async nodeSubtitle(name: string): Promise<string> {
		const subtitle = this.canvasNode(name).locator('[class*="_subtitle_"]').first();
		await subtitle.waitFor();
		return (await subtitle.innerText()).trim();
	}

	async openNode(name: string): Promise<Locator> {
		await this.canvasNode(name).dblclick();
		return await this.ndv();
	}

	async ndv(): Promise<Locator> {
		const ndv = this.page.getByTestId('ndv');
		await ndv.getByTestId('node-parameters').waitFor();
		return ndv;
	}

	async closeNode(): Promise<void> {
		const close = this.page.getByTestId('ndv-close-button');
		if (await close.isVisible()) {
			await close.click();
			await this.page.getByTestId('ndv').waitFor({ state: 'hidden' });
		}
	}

	/** A parameter's row in the open panel, by its internal name (n8n's own test ids). */
	parameter(name: string): Locator {
		return this.page.getByTestId('ndv').getByTestId(`parameter-input-${name}`).first();
	}

	/** The labels of the parameters the open panel shows, top to bottom. */
	async parameterLabels(): Promise<string[]> {
		const labels = this.page
			.getByTestId('ndv')
			.getByTestId('node-parameters')
			.locator('label.n8n-input-label');
		return (await labels.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
	}

	/** Picks `option` from the dropdown whose placeholder is `placeholder` (e.g. "Add Criterion"). */
	async addFromDropdown(placeholder: string, option: string): Promise<void> {
		await this.page
			.getByTestId('ndv')
			.getByPlaceholder(placeholder, { exact: true })
			.last()
			.click();
		await this.dropdownOption(option).click();
	}

	/** A visible option of the open dropdown. */
	dropdownOption(option: string | RegExp): Locator {
		const hasText =
			typeof option === 'string' ? new RegExp(`^\\s*${escapeRegExp(option)}\\s*$`) : option;
		return this.page.locator('.el-select-dropdown__item').filter({ hasText, visible: true });
	}

	/** Options the open dropdown lists, in order. */
	async dropdownOptions(): Promise<string[]> {
		const options = this.page.locator('.el-select-dropdown__item').filter({ visible: true });
		await options.first().waitFor();
		return (await options.allInnerTexts()).map((text) => text.trim());
	}

	/** Clicks the panel's "Execute step" and waits until the output pane shows a result or an error. */
	async executeStep(): Promise<void> {
		const ndv = await this.ndv();
		await ndv.getByTestId('node-execute-button').click();
		await ndv
			.getByTestId('output-panel')
			.locator(
				'[data-test-id="ndv-data-container"], [data-test-id="node-error-message"], .run-data .error',
			)
			.first()
			.waitFor();
	}
}

export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

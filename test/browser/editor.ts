/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- drives a browser */
// The n8n editor as a person uses it, through Debian's Chromium and playwright-core: sign in, open
// a workflow, add a node from the node picker, open its panel, pick from dropdowns, run a step.
//
// Every step waits for what a person would wait for (an element, a text, a saved workflow), never
// for a fixed time: the suite runs on loaded 2-core machines where the editor may take many seconds
// to draw a panel.
import { copyFileSync, mkdirSync } from 'node:fs';
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
import { PROJECT_ROOT } from '../n8n-runtime/paths';
import type { RealN8n } from '../helpers/real-n8n/real-n8n';

/** The screenshots the README shows, kept in .github/screenshots (beside the README's other repository files, outside the package). */
const README_SCREENSHOTS = ['panel-resume-search', 'panel-ai-tool'];
const README_SCREENSHOTS_DIR = join(PROJECT_ROOT, '.github', 'screenshots');

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

	/**
	 * Saves a picture of the page as `<name>.png` among the artifacts; returns its path. The few the
	 * README shows are also written to .github/screenshots when AFFINDA_README_SCREENSHOTS=1.
	 */
	async screenshot(name: string, target: Page | Locator = this.page): Promise<string> {
		const path = join(this.artifactsDir, `${name}.png`);
		await target.screenshot({ path, animations: 'disabled' });
		if (process.env.AFFINDA_README_SCREENSHOTS === '1' && README_SCREENSHOTS.includes(name)) {
			mkdirSync(README_SCREENSHOTS_DIR, { recursive: true });
			copyFileSync(path, join(README_SCREENSHOTS_DIR, `${name}.png`));
		}
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

	/**
	 * The actions the picker lists for a node, in its order, after choosing the node: all of them.
	 * n8n draws a list of more than 20 entries a few per animation frame, so the first entry showing
	 * says nothing of the rest; the list is complete once it shows as many actions as its heading
	 * counts ("Actions (28)", n8n's count of the node description's actions).
	 */
	async nodeActions(nodeDisplayName: string): Promise<string[]> {
		await this.page
			.getByTestId('node-creator-item-name')
			.filter({ hasText: new RegExp(`^${escapeRegExp(nodeDisplayName)}$`) })
			.click();
		const heading = this.actionsCategory().getByTestId('node-creator-category-item');
		const counted = /\((\d+)\)/.exec(await heading.innerText())?.[1];
		if (counted === undefined) throw new Error(`The picker's Actions heading counts no actions`);
		const actions = this.actionItems();
		await actions.nth(Number(counted) - 1).waitFor();
		return (await actions.allInnerTexts()).map((text) => text.trim());
	}

	/** Chooses an action from the list `nodeActions` opened; n8n adds the node and opens its panel. */
	async chooseAction(action: string): Promise<Locator> {
		await this.actionItems()
			.filter({ hasText: new RegExp(`^${escapeRegExp(action)}$`) })
			.click();
		return await this.ndv();
	}

	/** In a node's page of the picker, the Actions category (its triggers are a category of their own). */
	private actionsCategory(): Locator {
		return this.page
			.getByTestId('node-creator')
			.locator('[data-category-collapsed]')
			.filter({
				has: this.page
					.getByTestId('node-creator-category-item')
					.filter({ hasText: /^\s*Actions \(\d+\)/ }),
			});
	}

	/** In the Actions category, each action is one named item. */
	private actionItems(): Locator {
		return this.actionsCategory()
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

	/** A visible option of the open dropdown, by its name (options may carry a description too). */
	dropdownOption(option: string | RegExp): Locator {
		const items = this.page.locator('.el-select-dropdown__item').filter({ visible: true });
		if (option instanceof RegExp) return items.filter({ hasText: option });
		return items.filter({
			has: this.page.getByText(option, { exact: true }),
		});
	}

	/** The parameter row of a top-level parameter, label and input together. */
	parameterRow(name: string): Locator {
		return this.page
			.getByTestId('ndv')
			.getByTestId('parameter-item')
			.filter({ has: this.page.getByTestId(`${name}-parameter-input-options-container`) })
			.last();
	}

	/**
	 * What a parameter of the open panel holds as a person sees it: the text typed, the option or
	 * list entry chosen, the options chosen of a multi-option list; '' when it holds nothing.
	 */
	async shownValue(name: string, type: string): Promise<string> {
		const ndv = this.page.getByTestId('ndv');
		if (type === 'resourceLocator') {
			const input = ndv
				.getByTestId(`resource-locator-${name}`)
				.getByTestId('rlc-input-container')
				.locator('input, textarea')
				.first();
			return (await input.inputValue()).trim();
		}
		const parameter = this.parameter(name);
		const typed = (await parameter.locator('input, textarea').first().inputValue()).trim();
		const tags = await parameter.locator('.el-tag').allInnerTexts();
		return [typed, ...tags.map((tag) => tag.trim())].filter(Boolean).join(', ');
	}

	/** The warning n8n shows on a canvas node whose parameters (or credential) have issues. */
	nodeIssues(name: string): Locator {
		return this.canvasNode(name).getByTestId('node-issues');
	}

	/** Fits the whole workflow in view (nodes added far to the right stay on screen). */
	async zoomToFit(): Promise<void> {
		await this.page.getByTestId('zoom-to-fit').click();
	}

	/** Options the open dropdown lists, in order. */
	async dropdownOptions(): Promise<string[]> {
		const options = this.page.locator('.el-select-dropdown__item').filter({ visible: true });
		await options.first().waitFor();
		return (await options.allInnerTexts()).map((text) => text.trim());
	}

	/** Types into a text parameter of the open panel (the first one of that name). */
	async fillText(name: string, text: string): Promise<void> {
		await this.parameter(name).locator('input, textarea').first().fill(text);
	}

	/** Chooses `option` in an options or multi-options parameter, then closes its dropdown. */
	async choose(name: string, option: string): Promise<void> {
		await this.parameter(name).click();
		await this.dropdownOption(option).click();
		await this.page.keyboard.press('Escape');
		await this.dropdownOption(option).waitFor({ state: 'hidden' });
	}

	/** What an options parameter shows as chosen. */
	async chosen(name: string): Promise<string> {
		return (await this.parameter(name).locator('input').first().inputValue()).trim();
	}

	/**
	 * Opens a resource locator's "From list", waits for the list the node loads, and picks the
	 * first entry matching `entry` (the first of all without it). Returns the entry's text.
	 */
	async pickFromList(name: string, entry?: RegExp): Promise<string> {
		const locator = this.page.getByTestId('ndv').getByTestId(`resource-locator-${name}`);
		await locator.getByTestId('rlc-input').click();
		const items = this.page.getByTestId('rlc-item').filter({ visible: true });
		const item = entry ? items.filter({ hasText: entry }).first() : items.first();
		await item.waitFor();
		const text = (await item.innerText()).trim();
		await item.click();
		await items.first().waitFor({ state: 'hidden' });
		return text;
	}

	/** Adds a criterion to Resume → Search's (or Get Match Detail's) Criteria. */
	async addCriterion(label: string): Promise<void> {
		await this.addFromDropdown('Add Criterion', label);
	}

	/** Whether the Criteria parameter shows the entry of a criterion (by its key). */
	criterionEntry(key: string): Locator {
		return this.page
			.getByTestId('fixed-collection-criteria')
			.locator(
				`[data-parameter-path^="parameters.criteria.${key}."], [data-test-id="fixed-collection-${key}"]`,
			)
			.first();
	}

	/** Clicks the panel's "Execute step" (n8n saves the workflow first when it has changes). */
	async executeStep(): Promise<void> {
		const ndv = await this.ndv();
		await ndv.getByTestId('node-execute-button').click();
	}

	/** The open panel's output pane. */
	outputPane(): Locator {
		return this.page.getByTestId('ndv').getByTestId('output-panel');
	}

	/** The column names of the output pane's table view, once the run has produced a table. */
	async outputTableHeaders(): Promise<string[]> {
		const pane = this.outputPane();
		await pane.getByTestId('radio-button-table').click();
		const headers = pane.getByTestId('ndv-data-container').locator('th');
		await headers.first().waitFor();
		return (await headers.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
	}
}

export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

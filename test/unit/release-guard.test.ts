/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- runs the publish workflow's guard script as the workflow does */
// .ci/release-guard.js, run as the publish job runs it (node, files, tag, repository), on a release
// that may go out and on each thing that must stop one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PROJECT_ROOT } from '../helpers/project-root';

const GUARD = join(PROJECT_ROOT, '.ci', 'release-guard.js');
const REPOSITORY = 'affinda-community/n8n-nodes-affinda';

const GOOD_MANIFEST = {
	name: 'n8n-nodes-affinda',
	version: '0.1.0',
	homepage: `https://github.com/${REPOSITORY}#readme`,
	author: { name: 'Ada Maintainer', email: 'ada@example.org' },
	repository: { type: 'git', url: `git+https://github.com/${REPOSITORY}.git` },
};

const GOOD_CHANGELOG = `# Changelog

## [Unreleased]

## [0.1.0] - 2026-12-10

### Added

- The Affinda node.

[Unreleased]: https://github.com/${REPOSITORY}/compare/v0.1.0...HEAD
[0.1.0]: https://github.com/${REPOSITORY}/releases/tag/v0.1.0
`;

let folder: string;
beforeAll(() => {
	folder = mkdtempSync(join(tmpdir(), 'affinda-release-guard-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Release {
	manifest?: Record<string, unknown>;
	changelog?: string;
	tag?: string;
	repository?: string;
}

function guard(release: Release = {}): { status: number | null; output: string } {
	const manifestPath = join(folder, 'package.json');
	const changelogPath = join(folder, 'CHANGELOG.md');
	writeFileSync(manifestPath, JSON.stringify(release.manifest ?? GOOD_MANIFEST));
	writeFileSync(changelogPath, release.changelog ?? GOOD_CHANGELOG);
	const env: NodeJS.ProcessEnv = {
		...process.env,
		GITHUB_REF_NAME: release.tag ?? 'v0.1.0',
		GITHUB_REPOSITORY: release.repository ?? REPOSITORY,
	};
	const result = spawnSync(
		process.execPath,
		[GUARD, '--package', manifestPath, '--changelog', changelogPath],
		{ env, encoding: 'utf8' },
	);
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function withManifest(change: Record<string, unknown>): Release {
	return { manifest: { ...GOOD_MANIFEST, ...change } };
}

test('a release that may go out: exit 0', () => {
	expect(guard()).toEqual({
		status: 0,
		output: 'n8n-nodes-affinda@0.1.0 may be published from this tag.\n',
	});
});

test.each([
	['git+https://…/name.git, as npm writes it', `git+https://github.com/${REPOSITORY}.git`],
	['https://…/name.git', `https://github.com/${REPOSITORY}.git`],
	['plain https://…/name', `https://github.com/${REPOSITORY}`],
])('repository.url %s is this repository', (_form, url) => {
	expect(guard(withManifest({ repository: { type: 'git', url } })).status).toBe(0);
	expect(guard(withManifest({ repository: url })).status).toBe(0);
});

test.each([
	[
		'a tag that is not the version',
		{ tag: 'v0.1.1' },
		'The tag v0.1.1 is not the version in package.json (v0.1.0).',
	],
	[
		'a tag without the v',
		{ tag: '0.1.0' },
		'The tag 0.1.0 is not the version in package.json (v0.1.0).',
	],
	[
		'a repository.url of another repository (the placeholder)',
		withManifest({
			repository: {
				type: 'git',
				url: 'https://github.com/n8n-nodes-affinda/n8n-nodes-affinda.git',
			},
		}),
		"package.json's repository.url is https://github.com/n8n-nodes-affinda/n8n-nodes-affinda.git, not this repository",
	],
	[
		'a repository.url one letter longer',
		withManifest({ repository: `git+https://github.com/${REPOSITORY}-x.git` }),
		'not this repository',
	],
	[
		'a repository.url that is not GitHub over https',
		withManifest({ repository: `git@github.com:${REPOSITORY}.git` }),
		'not this repository',
	],
	[
		'no repository at all',
		withManifest({ repository: undefined }),
		'package.json has no repository.url',
	],
	[
		'a homepage elsewhere',
		withManifest({ homepage: 'https://github.com/n8n-nodes-affinda/n8n-nodes-affinda#readme' }),
		"package.json's homepage https://github.com/n8n-nodes-affinda/n8n-nodes-affinda#readme is not on",
	],
	[
		"the placeholder author's name",
		withManifest({ author: { name: 'n8n-nodes-affinda maintainers', email: 'ada@example.org' } }),
		'the placeholder "n8n-nodes-affinda maintainers"',
	],
	[
		"the placeholder author's email, as a string",
		withManifest({ author: 'Ada <maintainers@n8n-nodes-affinda.dev>' }),
		'the placeholder "maintainers@n8n-nodes-affinda.dev"',
	],
	['no author', withManifest({ author: undefined }), 'package.json names no author'],
	[
		'entries still under [Unreleased]',
		{
			changelog: GOOD_CHANGELOG.replace(
				'## [Unreleased]\n',
				'## [Unreleased]\n\n### Fixed\n\n- Late fix.\n- Another.\n',
			),
		},
		"CHANGELOG.md's [Unreleased] still holds 2 entries: move them under ## [0.1.0].",
	],
	[
		"the version's section empty",
		{ changelog: GOOD_CHANGELOG.replace('### Added\n\n- The Affinda node.\n', '### Added\n') },
		"CHANGELOG.md's ## [0.1.0] section is empty.",
	],
	[
		"the version's section still 'unreleased' (today's tree)",
		{ changelog: GOOD_CHANGELOG.replace('2026-12-10', 'unreleased') },
		'CHANGELOG.md\'s ## [0.1.0] is dated "unreleased", not YYYY-MM-DD.',
	],
	[
		'no section for the version',
		{ changelog: GOOD_CHANGELOG.replace('## [0.1.0] - 2026-12-10', '## [0.0.9] - 2026-12-10') },
		'CHANGELOG.md has no ## [0.1.0] section.',
	],
])('refused: %s', (_case, release, reason) => {
	const { status, output } = guard(release as Release);
	expect(status).toBe(1);
	expect(output).toContain('Not publishing n8n-nodes-affinda@0.1.0:');
	expect(output).toContain(reason);
});

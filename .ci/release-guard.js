#!/usr/bin/env node
// The publish workflow's refusals, before anything is published (RELEASING.md): the tag names the
// version, the changelog has that version's entries and nothing left under [Unreleased], and the
// manifest names the repository the workflow runs in (npm refuses a provenance publish whose
// repository.url is another) and a real maintainer, not the placeholders the project started with.
// Plain Node, no dependencies: the publish job runs it without installing any development package.
//
//   node .ci/release-guard.js [--package package.json] [--changelog CHANGELOG.md]
//                             [--tag vX.Y.Z] [--repository owner/name]
// --tag and --repository default to GITHUB_REF_NAME and GITHUB_REPOSITORY. Exit 0: release;
// exit 1: each reason printed.
'use strict';

const { readFileSync } = require('node:fs');

/** What package.json held before a maintainer wrote the real values in (RELEASING.md, "Once"). */
const PLACEHOLDER_AUTHORS = ['n8n-nodes-affinda maintainers', 'maintainers@n8n-nodes-affinda.dev'];

/** `https://github.com/owner/name` from the forms npm accepts and writes (`git+https://…/name.git`). */
function githubUrl(url) {
	const match = /^(?:git\+)?https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url);
	return match ? `https://github.com/${match[1]}` : undefined;
}

/** The lines of the `## [name]` section of a Keep a Changelog file, and its heading's rest. */
function changelogSection(changelog, name) {
	const lines = changelog.split(/\r?\n/);
	const start = lines.findIndex((line) => line.startsWith(`## [${name}]`));
	if (start < 0) return undefined;
	const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
	return {
		heading: lines[start].slice(`## [${name}]`.length).trim(),
		body: lines.slice(start + 1, end < 0 ? lines.length : end),
	};
}

/** An entry is any line of text that is not a `###` group heading or a link definition. */
function entries(body) {
	return body.filter(
		(line) => line.trim() !== '' && !/^###\s/.test(line) && !/^\[[^\]]+\]:/.test(line),
	);
}

/** Every reason not to publish; empty when the release may go out. */
function refusals({ manifest, changelog, tag, repository }) {
	const reasons = [];
	const version = manifest.version;
	if (!tag) reasons.push('No tag given (--tag or GITHUB_REF_NAME).');
	else if (tag !== `v${version}`)
		reasons.push(`The tag ${tag} is not the version in package.json (v${version}).`);

	if (!repository) reasons.push('No repository given (--repository or GITHUB_REPOSITORY).');
	else {
		const expected = `https://github.com/${repository}`;
		const declared =
			typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
		if (!declared)
			reasons.push(`package.json has no repository.url; npm's provenance needs ${expected}.`);
		else if (githubUrl(declared) !== expected)
			reasons.push(
				`package.json's repository.url is ${declared}, not this repository (${expected} or git+${expected}.git): npm refuses the provenance.`,
			);
		if (manifest.homepage && !manifest.homepage.startsWith(expected))
			reasons.push(`package.json's homepage ${manifest.homepage} is not on ${expected}.`);
	}

	const author = manifest.author ?? {};
	const authorText =
		typeof author === 'string' ? author : `${author.name ?? ''} ${author.email ?? ''}`;
	const placeholder = PLACEHOLDER_AUTHORS.find((value) => authorText.includes(value));
	if (!authorText.trim()) reasons.push('package.json names no author (the maintainer).');
	else if (placeholder)
		reasons.push(
			`package.json's author is still the placeholder "${placeholder}": write the maintainer in.`,
		);

	const unreleased = changelogSection(changelog, 'Unreleased');
	if (unreleased && entries(unreleased.body).length > 0)
		reasons.push(
			`CHANGELOG.md's [Unreleased] still holds ${entries(unreleased.body).length} entries: move them under ## [${version}].`,
		);
	const section = changelogSection(changelog, version);
	if (!section) reasons.push(`CHANGELOG.md has no ## [${version}] section.`);
	else {
		if (!/^- \d{4}-\d{2}-\d{2}$/.test(section.heading))
			reasons.push(
				`CHANGELOG.md's ## [${version}] is dated "${section.heading.replace(/^- /, '')}", not YYYY-MM-DD.`,
			);
		if (entries(section.body).length === 0)
			reasons.push(`CHANGELOG.md's ## [${version}] section is empty.`);
	}
	return reasons;
}

function option(args, name, fallback) {
	const index = args.indexOf(`--${name}`);
	return index >= 0 ? args[index + 1] : fallback;
}

function main(args) {
	const manifest = JSON.parse(readFileSync(option(args, 'package', 'package.json'), 'utf8'));
	const changelog = readFileSync(option(args, 'changelog', 'CHANGELOG.md'), 'utf8');
	const reasons = refusals({
		manifest,
		changelog,
		tag: option(args, 'tag', process.env.GITHUB_REF_NAME),
		repository: option(args, 'repository', process.env.GITHUB_REPOSITORY),
	});
	if (reasons.length > 0) {
		console.error(`Not publishing ${manifest.name}@${manifest.version}:`);
		for (const reason of reasons) console.error(`- ${reason}`);
		return 1;
	}
	console.log(`${manifest.name}@${manifest.version} may be published from this tag.`);
	return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { refusals, githubUrl };

const fs = require('fs');
const path = require('path');
const { task, src, dest } = require('gulp');
const ts = require('typescript');

const DIST = path.resolve('dist');

// `npm run build` starts from an empty dist/, so a removed source file never ships.
task('clean', async () => fs.promises.rm(DIST, { recursive: true, force: true }));

// tsc emits only TypeScript and JSON; the icons the node and credential point at must sit beside them.
task('build:icons', copyIcons);

// Compact output, same code: tsc indents with four spaces and copies JSON as written; tabs (as in
// the sources) and one-line JSON keep the package tens of kB smaller.
task('build:compact', async () => {
	for (const file of listFiles(DIST)) {
		if (file.endsWith('.js')) {
			fs.writeFileSync(file, indentWithTabs(fs.readFileSync(file, 'utf8'), file));
		} else if (file.endsWith('.json')) {
			fs.writeFileSync(file, JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8'))));
		}
	}
});

function copyIcons() {
	const iconFiles = path.resolve('icons', '*.{png,svg}');
	return src(iconFiles, { encoding: false }).pipe(dest(path.resolve('dist', 'icons')));
}

function listFiles(folder) {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		return entry.isDirectory() ? listFiles(full) : [full];
	});
}

/** Every four leading spaces become a tab, except on lines that continue a string or template. */
function indentWithTabs(text, fileName) {
	const source = ts.createSourceFile(
		fileName,
		text,
		ts.ScriptTarget.Latest,
		false,
		ts.ScriptKind.JS,
	);
	const literals = [];
	const visit = (node) => {
		if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) {
			literals.push([node.getStart(source), node.end]);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	const insideLiteral = (offset) => literals.some(([start, end]) => offset > start && offset < end);
	let offset = 0;
	return text
		.split('\n')
		.map((line) => {
			const lineStart = offset;
			offset += line.length + 1;
			if (insideLiteral(lineStart)) return line;
			return line.replace(/^(?: {4})+/, (spaces) => '\t'.repeat(spaces.length / 4));
		})
		.join('\n');
}

// Runs the lint legs of n8n's community-package scanner (@n8n/scan-community-package, pinned here)
// without the network: the scanner itself first checks npm provenance and downloads the published
// tarball and its GitHub source, which only exist after a release. The legs are the same calls it
// makes then: its ESLint config over the source (nodes/, credentials/, package.json) and over the
// packed tarball's compiled JS and package.json.
//
//   node scan-legs.mjs <project folder> <unpacked tarball folder>
// Prints one JSON line {source: {passed, details?}, tarball: {passed, details?}}; exit 1 if a leg fails.
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const [projectDir, packageDir] = process.argv.slice(2);
if (!projectDir || !packageDir) {
	process.stderr.write('usage: node scan-legs.mjs <project folder> <unpacked tarball folder>\n');
	process.exit(2);
}
const leg = ({ passed, message, details }) => ({ passed, message, details });
const source = leg(await analyzePackage(projectDir, SOURCE_FILE_PATTERNS));
const tarball = leg(await analyzePackage(packageDir, ['**/*.js', 'package.json']));
process.stdout.write(`${JSON.stringify({ source, tarball })}\n`);
process.exitCode = source.passed && tarball.passed ? 0 : 1;

const path = require('path');
const { task, src, dest } = require('gulp');

// tsc emits only TypeScript and JSON; the icons the node and credential point at must sit beside them.
task('build:icons', copyIcons);

function copyIcons() {
	const iconFiles = path.resolve('icons', '*.{png,svg}');
	return src(iconFiles, { encoding: false }).pipe(dest(path.resolve('dist', 'icons')));
}

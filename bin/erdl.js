#!/usr/bin/env node
// The `erdl` command (package.json "bin"): the built CLI of lib/erdl.js, made by
// `npm run build:lib` (run by `prepare` after `npm ci` and by `npm run pack`).
try {
  await import('../lib/erdl.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('lib/erdl.js')) {
    process.stderr.write(
      'erdl: the command is not built yet: run "npm run build:lib" in the checkout\n' +
        'erdl：命令尚未构建：请在代码目录中运行 "npm run build:lib"\n',
    );
    process.exitCode = 2;
  } else throw error;
}

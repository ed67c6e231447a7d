// Development: the API restarts on change (port 3000) and Vite serves the web app with hot reload
// (port 5173, proxying /graphql to the API). Stops both on Ctrl-C.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@tidewise/web'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}

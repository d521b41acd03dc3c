// End-to-end tests drive Debian's Chromium (never a downloaded browser): its headless shell
// (`chromium-headless-shell`, decision 028) for the tests, and the full `chromium` for Lighthouse.
// Install what is missing when we may (root on Debian); otherwise say how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = [
  ['chromium', '/usr/bin/chromium'],
  ['chromium-headless-shell', '/usr/bin/chromium-headless-shell'],
];
// CHROMIUM_PATH names the browser to use instead: nothing to install then.
const missing = process.env.CHROMIUM_PATH ? [] : wanted.filter(([, binary]) => !existsSync(binary)).map(([pkg]) => pkg);
if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}
if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${missing.join(' and ')} from Debian's packages…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(`Missing: ${missing.join(', ')}. Install with: sudo apt-get install -y ${missing.join(' ')}`);
    console.error('(or point CHROMIUM_PATH at a Chromium or Chrome binary).');
    process.exit(1);
  }
}

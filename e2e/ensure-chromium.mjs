// Browser tests drive Debian's chromium (headless: its chromium-headless-shell when installed, which
// is lighter). Installs both when chromium is missing and we are root; otherwise says how. The
// headless shell alone is optional: without it the tests run in chromium itself.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const install = (packages) => execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });

if (!fs.existsSync(CHROMIUM)) {
  if (!isRoot) {
    console.error(
      `Browser tests need Debian's chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n(or set CHROMIUM_PATH to another Chromium binary).`,
    );
    process.exit(1);
  }
  console.log('chromium not found: installing it with apt-get (Debian packages "chromium", "chromium-headless-shell")');
  install('chromium chromium-headless-shell');
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing`);
    process.exit(1);
  }
} else if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL)) {
  if (isRoot) {
    console.log("installing Debian's chromium-headless-shell (lighter for headless tests)");
    try {
      install('chromium-headless-shell');
    } catch {
      console.log('chromium-headless-shell could not be installed: the tests run in chromium');
    }
  } else console.log(`${HEADLESS_SHELL} is missing: the tests run in chromium (sudo apt-get install -y chromium-headless-shell makes them faster)`);
}

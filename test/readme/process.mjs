// Child processes for the README test: run one to the end with a time limit, or start one (a server) and stop
// it later. Each runs in its own process group, so a time limit or a stop ends it and whatever it started (npm
// starts a shell, which starts node) by that group's id, and nothing else.
import { spawn } from 'node:child_process';

/**
 * Runs `cmd` (a program and its arguments, or a shell line with `shell: true`) to the end. Resolves with
 * {code, stdout, stderr, timedOut, ms}; never rejects for what the command does.
 */
export function runProcess(cmd, args, { cwd, env, input, timeoutMs = 60_000, shell = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', npm_config_update_notifier: 'false', ...env },
      shell,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup(child);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout, stderr: `${stderr}${error.message}\n`, timedOut, ms: Date.now() - started });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/**
 * Starts a long-running command and resolves once `ready` (a RegExp) matches its output, with
 * {match, output(), stop()}; rejects with its output if it exits or `timeoutMs` passes first.
 */
export function startProcess(cmd, args, { cwd, env, ready, timeoutMs = 60_000, shell = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', npm_config_update_notifier: 'false', ...env },
      shell,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let settled = false;
    const exited = new Promise((r) => child.on('close', r));
    const stop = async () => {
      stopGroup(child);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      stopGroup(child, 'SIGKILL');
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      void stop();
      reject(new Error(`it did not start within ${timeoutMs / 1000} s; its output:\n${out}`));
    }, timeoutMs);
    const look = (d) => {
      out += d;
      const match = !settled && ready.exec(out);
      if (!match) return;
      settled = true;
      clearTimeout(timer);
      resolve({ match, output: () => out, stop });
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('close', (code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`it exited (${code}) before it was ready; its output:\n${out}`));
    });
  });
}

/** Ends the child's process group (the child and what it started, which may outlive it), if it is still there. */
function stopGroup(child, signal = 'SIGTERM') {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

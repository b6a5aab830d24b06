import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of register.ts and its state per test (the state is module-level). */
async function load() {
  vi.resetModules();
  const { registerServiceWorker } = await import('./register');
  const { getOfflineState } = await import('./offline-state');
  return { registerServiceWorker, getOfflineState };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fake installing worker whose state the test moves. */
function fakeWorker() {
  const listeners: (() => void)[] = [];
  return {
    state: 'installing',
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    moveTo(state: string) {
      this.state = state;
      for (const listener of listeners) listener();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('document', { readyState: 'complete' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('registerServiceWorker', () => {
  it('does nothing but say so outside production builds (the dev server)', async () => {
    const register = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: new Promise(() => {}) } });
    const { registerServiceWorker, getOfflineState } = await load();
    expect(getOfflineState()).toBe('checking');
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    expect(getOfflineState()).toBe('development');
  });

  it('reports a browser without service workers', async () => {
    vi.stubEnv('PROD', true);
    vi.stubGlobal('navigator', {});
    const { registerServiceWorker, getOfflineState } = await load();
    registerServiceWorker();
    expect(getOfflineState()).toBe('unsupported');
  });

  it('registers /sw.js, is installing while precaching, ready once the worker is active', async () => {
    vi.stubEnv('PROD', true);
    const ready = deferred<unknown>();
    const worker = fakeWorker();
    const register = vi.fn(async () => ({ active: null, installing: worker, waiting: null }));
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: ready.promise } });
    const { registerServiceWorker, getOfflineState } = await load();
    registerServiceWorker();
    await flush();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(getOfflineState()).toBe('installing');
    ready.resolve({});
    await flush();
    expect(getOfflineState()).toBe('ready');
  });

  it('waits for the page to load before registering', async () => {
    vi.stubEnv('PROD', true);
    vi.stubGlobal('document', { readyState: 'loading' });
    let onLoad: (() => void) | undefined;
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
      if (type === 'load') onLoad = listener;
    });
    const register = vi.fn(async () => ({ active: {}, installing: null, waiting: null }));
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: Promise.resolve({}) } });
    const { registerServiceWorker } = await load();
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    onLoad?.();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('warns and reports failure when registration is refused, without throwing', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => Promise.reject(new DOMException('insecure', 'SecurityError')));
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: new Promise(() => {}) } });
    const { registerServiceWorker, getOfflineState } = await load();
    expect(() => registerServiceWorker()).not.toThrow();
    await flush();
    expect(getOfflineState()).toBe('failed');
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('could not be registered'),
      expect.anything(),
    );
  });

  it('reports failure when precaching fails (the installing worker becomes redundant)', async () => {
    vi.stubEnv('PROD', true);
    const worker = fakeWorker();
    const registration = { active: null, installing: worker, waiting: null };
    const register = vi.fn(async () => registration);
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: new Promise(() => {}) } });
    const { registerServiceWorker, getOfflineState } = await load();
    registerServiceWorker();
    await flush();
    worker.moveTo('redundant');
    expect(getOfflineState()).toBe('failed');
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('could not cache'),
      expect.anything(),
    );
  });

  it('a thrown register() (e.g. a sandboxed frame) is a failure, not a crash', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => {
      throw new Error('denied');
    });
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: new Promise(() => {}) } });
    const { registerServiceWorker, getOfflineState } = await load();
    expect(() => registerServiceWorker()).not.toThrow();
    await flush();
    expect(getOfflineState()).toBe('failed');
  });
});

describe('registerServiceWorker on a host that blocks service workers', () => {
  it('treats a registration that resolves to nothing as a failure, without an unhandled error', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: new Promise(() => {}) } });
    const { registerServiceWorker, getOfflineState } = await load();
    registerServiceWorker();
    await flush();
    expect(getOfflineState()).toBe('failed');
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('refused'),
      expect.anything(),
    );
  });
});

describe('registerServiceWorker: a newer build', () => {
  /** A registration whose `updatefound` the test fires, on a page an older worker controls. */
  function updatingHost() {
    const updateListeners: (() => void)[] = [];
    const controllerListeners: (() => void)[] = [];
    const registration = {
      active: {},
      installing: null as ReturnType<typeof fakeWorker> | null,
      waiting: null,
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'updatefound') updateListeners.push(listener);
      },
    };
    const container = {
      controller: {},
      register: vi.fn(async () => registration),
      ready: Promise.resolve({}),
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'controllerchange') controllerListeners.push(listener);
      },
    };
    return {
      registration,
      container,
      foundUpdate(worker: ReturnType<typeof fakeWorker>) {
        registration.installing = worker;
        for (const listener of updateListeners) listener();
      },
      takeOver: () => {
        for (const listener of controllerListeners) listener();
      },
    };
  }

  it('is offered once it has precached, and reloading makes it take over, then reloads', async () => {
    vi.stubEnv('PROD', true);
    const host = updatingHost();
    const reload = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: host.container });
    vi.stubGlobal('location', { reload });
    const { getOfflineState } = await load();
    const { registerServiceWorker, applyUpdate } = await import('./register');
    registerServiceWorker();
    await flush();
    expect(getOfflineState()).toBe('ready');

    const worker = Object.assign(fakeWorker(), { postMessage: vi.fn() });
    host.foundUpdate(worker);
    expect(getOfflineState()).toBe('ready'); // still downloading the changed files
    worker.moveTo('installed');
    expect(getOfflineState()).toBe('update');

    applyUpdate();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    host.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a first install (no controlling worker yet) is not an update', async () => {
    vi.stubEnv('PROD', true);
    const host = updatingHost();
    (host.container as { controller: unknown }).controller = null;
    vi.stubGlobal('navigator', { serviceWorker: host.container });
    const { registerServiceWorker, getOfflineState } = await load();
    registerServiceWorker();
    await flush();
    const worker = fakeWorker();
    host.foundUpdate(worker);
    worker.moveTo('installed');
    expect(getOfflineState()).toBe('ready');
  });
});

describe('registerServiceWorker(settled)', () => {
  it('registers only once `settled` resolves', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: new Promise(() => {}) } });
    const { registerServiceWorker } = await load();
    const quiet = deferred<void>();
    registerServiceWorker(() => quiet.promise);
    await flush();
    expect(register).not.toHaveBeenCalled();
    quiet.resolve();
    await flush();
    expect(register).toHaveBeenCalledTimes(1);
  });
});

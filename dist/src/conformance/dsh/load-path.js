import { usePlugin } from "./packages.js";
import { readStoredLog } from "./storage.js";
export async function loadWithDsh(dsh, text) {
    const stored = readStoredLog(dsh, text);
    if (dsh.persistence === undefined)
        return { ...stored, closers: [] };
    const count = stored.events.length;
    const revision = 'memory:1';
    const backend = {
        name: 'recon-memory',
        // Fresh graphs each read: the coordinator freezes and adopts them in place.
        loadStored: async () => ({ meta: structuredClone(stored.meta), events: structuredClone(stored.events), revision }),
        readStoredRevision: async () => revision,
        appendBatch: async () => { },
        commitRepair: async () => { },
        list: async () => [],
    };
    // A throwaway context per load: the coordinator caches preparations by session id.
    const ctx = new dsh.cordis.Context();
    const unload = await usePlugin(ctx, dsh.session.default);
    try {
        const coordinator = new dsh.persistence.PersistenceCoordinator(ctx, backend);
        const inspection = await coordinator.inspect(stored.meta.id);
        return { meta: inspection.meta, events: inspection.events.slice(0, count), closers: inspection.events.slice(count) };
    }
    finally {
        await unload();
    }
}

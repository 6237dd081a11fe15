var __rewriteRelativeImportExtension = (this && this.__rewriteRelativeImportExtension) || function (path, preserveJsx) {
    if (typeof path === "string" && /^\.\.?\//.test(path)) {
        return path.replace(/\.(tsx)$|((?:\.d)?)((?:\.[^./]+?)?)\.([cm]?)ts$/i, function (m, tsx, d, ext, cm) {
            return tsx ? preserveJsx ? ".jsx" : ".js" : d && (!ext || !cm) ? m : (d + ext + "." + cm.toLowerCase() + "js");
        });
    }
    return path;
};
/**
 * Inside the worker of `--impl module:`: imports the module, reports what it exports,
 * then runs each call it is sent and posts back the outcome or what was thrown.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
const port = parentPort;
const post = (reply) => port.postMessage(reply);
let impl;
try {
    const module = (await import(__rewriteRelativeImportExtension(pathToFileURL(workerData.file).href)));
    impl = (module.implementation ?? module.default);
    // What the parent checks: the info and which operations are functions.
    const shape = typeof impl === 'object' && impl !== null ? { info: impl['info'], operations: Object.keys(impl).filter((key) => typeof impl[key] === 'function') } : impl;
    post({ type: 'ready', candidate: JSON.parse(JSON.stringify(shape ?? null)) });
}
catch (error) {
    post({ type: 'unavailable', message: error instanceof Error ? error.message : String(error) });
}
port.on('message', (call) => {
    void (async () => {
        try {
            const value = await impl[call.operation].apply(impl, [...call.args]);
            post({ type: 'result', id: call.id, value });
        }
        catch (error) {
            const e = error instanceof Error ? error : new Error(String(error));
            post({ type: 'thrown', id: call.id, name: e.name, message: e.message });
        }
    })().catch((error) => post({ type: 'thrown', id: call.id, name: 'DataCloneError', message: `the result cannot be sent back: ${String(error)}` }));
});

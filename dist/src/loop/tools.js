/** Tools in registration order: that order is the order of `tools` in every request. */
export class ToolRegistry {
    #tools = new Map();
    constructor(tools = []) {
        for (const tool of tools)
            this.register(tool);
    }
    register(tool) {
        this.#tools.set(tool.spec.name, tool);
    }
    get(name) {
        return this.#tools.get(name);
    }
    specs() {
        return [...this.#tools.values()].map((tool) => tool.spec);
    }
}

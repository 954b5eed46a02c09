// Starts the bare Pyodide worker and marks <html data-engine=ready> when it has answered.
const worker = new Worker(new URL("./reference-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  document.getElementById("engine").textContent = `Pyodide answered: ${event.data}`;
  document.documentElement.dataset.engine = "ready";
};

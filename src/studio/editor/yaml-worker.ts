// monaco-yaml's documented workaround for Vite: start its worker from a module of our own.
import 'monaco-yaml/yaml.worker.js';

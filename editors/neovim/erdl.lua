-- ERDL in Neovim with nvim-lspconfig: `erdl lsp` (the erdl-studio package's language server) for
-- *.erdl.yaml rule documents and *.facts.yaml suites. Put this file in your config (for example
-- ~/.config/nvim/after/plugin/erdl.lua); the `erdl` command must be on the PATH (npm install -g
-- erdl-studio, or set cmd to a project's ./node_modules/.bin/erdl). See docs/editors.md.
vim.filetype.add({
  pattern = {
    ['.*%.erdl%.ya?ml'] = 'yaml',
    ['.*%.facts%.ya?ml'] = 'yaml',
  },
})

local configs = require('lspconfig.configs')
if not configs.erdl then
  configs.erdl = {
    default_config = {
      cmd = { 'erdl', 'lsp' },
      filetypes = { 'yaml' },
      root_dir = function(fname)
        local name = vim.fs.basename(fname)
        if not (name:match('%.erdl%.ya?ml$') or name:match('%.facts%.ya?ml$')) then
          return nil
        end
        return vim.fs.root(fname, { 'package.json', '.git' }) or vim.fs.dirname(fname)
      end,
      -- The language the server's messages lead with: 'en' or 'zh' (default: the locale's).
      init_options = {},
    },
  }
end
require('lspconfig').erdl.setup({})

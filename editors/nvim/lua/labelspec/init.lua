-- LabelSpec for Neovim: starts `labelspec lsp` for *.labelspec buffers.
--
-- Works on Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client), uses vim.lsp.start on
-- 0.8+ and reads vim.lsp.config.labelspec (lsp/labelspec.lua plus your vim.lsp.config calls) on
-- 0.11+. Nothing to call: ftplugin/labelspec.lua calls attach() for every labelspec buffer.
--
-- Optional settings (set them before opening a .labelspec file):
--   vim.g.labelspec_lsp = false          -- do not start the server (e.g. you use nvim-lspconfig)
--   vim.g.labelspec_path = '/path/to/labelspec'
--   vim.g.labelspec_settings = { contentSize = 'all', systemFontFile = '/path/Inter.ttf' }
local M = {}

-- The folder markers, most specific first: the nearest labelspec.json wins over a .git further in.
M.root_markers = { 'labelspec.json', '.git' }

local uv = vim.loop or vim.uv

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function dirname(path)
  local d = path:match('^(.*)/[^/]*$')
  if d == nil or d == '' then
    return '/'
  end
  return d
end

--- The folder the server is rooted at for `path`: the nearest folder up the path holding the first
--- marker (labelspec.json), else the nearest holding the next (.git), else the file's own folder.
function M.find_root(path, markers)
  markers = markers or M.root_markers
  local start = dirname(path)
  for _, marker in ipairs(markers) do
    local dir = start
    while true do
      if exists(dir .. '/' .. marker) then
        return dir
      end
      local parent = dirname(dir)
      if parent == dir then
        break
      end
      dir = parent
    end
  end
  return start
end

local function settings()
  local s = vim.g.labelspec_settings
  if type(s) ~= 'table' then
    return {}
  end
  return s
end

--- The client configuration for a buffer whose file is under `root`.
function M.config(root)
  local s = settings()
  local cmd = { vim.g.labelspec_path or 'labelspec', 'lsp' }
  local cfg = {
    name = 'labelspec',
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = s,
    settings = { labelspec = s },
  }
  -- Neovim 0.11+: the config from lsp/labelspec.lua and the user's vim.lsp.config('labelspec', …).
  if vim.lsp.config ~= nil and type(vim.lsp.config) == 'table' then
    local ok, resolved = pcall(function()
      return vim.lsp.config.labelspec
    end)
    if ok and type(resolved) == 'table' then
      cfg = vim.tbl_deep_extend('force', {}, resolved, {
        name = 'labelspec',
        root_dir = root,
        workspace_folders = cfg.workspace_folders,
      })
      if vim.g.labelspec_path then
        cfg.cmd = cmd
      end
      if next(s) ~= nil then
        cfg.init_options = vim.tbl_deep_extend('force', cfg.init_options or {}, s)
        cfg.settings = vim.tbl_deep_extend('force', cfg.settings or {}, { labelspec = s })
      end
      -- vim.lsp.start takes no filetypes/root_markers; they are for vim.lsp.enable.
      cfg.filetypes = nil
      cfg.root_markers = nil
    end
  end
  return cfg
end

-- What Neovim 0.10+ does by itself on LspAttach (K hover, omnifunc), for older versions.
local function on_attach_legacy(_, bufnr)
  vim.api.nvim_buf_set_option(bufnr, 'omnifunc', 'v:lua.vim.lsp.omnifunc')
  if vim.g.labelspec_no_maps == nil and vim.fn.maparg('K', 'n') == '' then
    vim.api.nvim_buf_set_keymap(bufnr, 'n', 'K', '<cmd>lua vim.lsp.buf.hover()<CR>', { noremap = true, silent = true })
  end
end

local legacy_clients = {} -- root -> client id (Neovim 0.7)
local warned = false

--- Starts (or reuses) the server for this buffer's root and attaches the buffer to it.
--- Returns the client id, or nil when the buffer has no file or the server is not on PATH.
function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if vim.g.labelspec_lsp == false or vim.g.labelspec_lsp == 0 then
    return nil
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or name:match('^%a+://') then
    return nil
  end
  local path = vim.fn.fnamemodify(name, ':p')
  local root = M.find_root(path)
  local cfg = M.config(root)
  if vim.fn.executable(cfg.cmd[1]) ~= 1 then
    if not warned then
      warned = true
      vim.notify(
        ('labelspec: %q is not an executable on PATH; no language server (set vim.g.labelspec_path)'):format(cfg.cmd[1]),
        vim.log.levels.WARN
      )
    end
    return nil
  end

  if vim.lsp.start ~= nil then
    -- Neovim 0.8+: reuses a running client with the same name and root.
    if vim.fn.has('nvim-0.10') == 0 then
      cfg.on_attach = on_attach_legacy
    end
    return vim.lsp.start(cfg, { bufnr = bufnr })
  end

  -- Neovim 0.7: one client per root, started once.
  local id = legacy_clients[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil or client.is_stopped() then
    cfg.on_attach = on_attach_legacy
    id = vim.lsp.start_client(cfg)
    if id == nil then
      return nil
    end
    legacy_clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

return M

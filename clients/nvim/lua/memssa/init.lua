-- memssa for Neovim (0.7 and later): starts `memssa lsp` for C buffers.
--
--   require('memssa').setup{}                          -- all a user writes
--   require('memssa').setup{cmd = {'/path/to/memssa', 'lsp'}}   -- another binary
--
-- Options (all optional):
--   cmd           the server command; default: `memssa lsp` from $PATH, else
--                 the build/memssa of the checkout this plugin lives in
--   filetypes     buffers to attach to (default {'c'})
--   headers       attach to *.h buffers too, whatever their filetype (Neovim
--                 0.7 calls a .h `cpp`); a header answers through a .c file
--                 that includes it (default true)
--   init_options  passed to the server: clang, compileCommandsDir, optLevel,
--                 compileTimeout (see docs/editor.md)
--   codelens      show "← total: 22, 24" above lines with loads, refreshed on
--                 entering the buffer and on save (default true)
--   on_attach     function(client, bufnr) called after the plugin's own
--   keys          buffer keys for memssa's own answers, e.g.
--                 {hover = '<leader>mh', definition = '<leader>md',
--                  references = '<leader>mr', reads_writes = '<leader>mw'}
--                 (default: none)
--
-- Beside clangd (whose hover Neovim shows first), memssa's answers are
-- reachable without remapping K: the commands :MemssaHover,
-- :MemssaDefinition and :MemssaReferences ask memssa alone, and `keys`
-- maps them. :MemssaReadsWrites lists the reads and writes of the global
-- or struct field at the cursor in the quickfix list, each marked read or
-- write (memssa's $memssa/references: the kinds LSP's reply has no room for).
--
-- Then vim.lsp.buf.hover(), .definition() and .references() answer with
-- memory dependences; docs/editor.md says what each shows.
local M = {}

M.config = {
  cmd = nil,
  filetypes = { 'c' },
  headers = true,
  init_options = {},
  codelens = true,
  on_attach = nil,
  keys = nil,
}

local client_id = nil

-- This file is <root>/clients/nvim/lua/memssa/init.lua.
local function checkout_root()
  local here = debug.getinfo(1, 'S').source:sub(2)
  return vim.fn.fnamemodify(here, ':p:h:h:h:h:h')
end

local function default_cmd()
  if vim.fn.executable('memssa') == 1 then
    return { 'memssa', 'lsp' }
  end
  local built = checkout_root() .. '/build/memssa'
  if vim.fn.executable(built) == 1 then
    return { built, 'lsp' }
  end
  return { 'memssa', 'lsp' }
end

local methods = {
  hover = 'textDocument/hover',
  definition = 'textDocument/definition',
  references = 'textDocument/references',
}

local function params_for(method)
  local p = vim.lsp.util.make_position_params()
  if method == methods.references then
    p.context = { includeDeclaration = false }
  end
  return p
end

-- memssa's own answer to `what` ('hover', 'definition', 'references') at
-- the cursor, shown as Neovim shows that method's answers (other servers
-- are not asked).
function M.ask(what)
  local c = client_id and vim.lsp.get_client_by_id(client_id)
  local method = methods[what]
  if not c or not method then
    vim.notify('memssa: not running here', vim.log.levels.WARN)
    return
  end
  c.request(method, params_for(method), function(err, result, ctx, config)
    vim.lsp.handlers[method](err, result, ctx, config)
  end, vim.api.nvim_get_current_buf())
end

-- The same, synchronously: the server's result (for scripts and tests).
function M.ask_sync(what, timeout_ms)
  local c = client_id and vim.lsp.get_client_by_id(client_id)
  local method = methods[what]
  if not c or not method then
    return nil
  end
  local r = c.request_sync(method, params_for(method), timeout_ms or 60000,
                           vim.api.nvim_get_current_buf())
  return r and r.result
end

-- $memssa/references' answer as quickfix items: "write  in bump: counter".
local function rw_items(result)
  local items = {}
  for _, r in ipairs((result or {}).references or {}) do
    local what = r.kind == 'call' and ('call to ' .. (r.callee or '?')) or r.kind
    table.insert(items, {
      filename = vim.uri_to_fname(r.uri),
      lnum = r.range.start.line + 1,
      col = r.range.start.character + 1,
      text = string.format('%-9s in %s: %s', what, r['function'] or '?', r.var or ''),
      kind = r.kind,
    })
  end
  return items
end

local function rw_params()
  return vim.lsp.util.make_position_params()
end

-- The reads and writes of the global or field at the cursor, as quickfix
-- items (each with its `kind`), synchronously (for scripts and tests).
function M.reads_writes_sync(timeout_ms)
  local c = client_id and vim.lsp.get_client_by_id(client_id)
  if not c then
    return nil
  end
  local r = c.request_sync('$memssa/references', rw_params(), timeout_ms or 60000,
                           vim.api.nvim_get_current_buf())
  return r and rw_items(r.result)
end

-- The same into the quickfix list, opened (:MemssaReadsWrites).
function M.reads_writes()
  local c = client_id and vim.lsp.get_client_by_id(client_id)
  if not c then
    vim.notify('memssa: not running here', vim.log.levels.WARN)
    return
  end
  c.request('$memssa/references', rw_params(), function(err, result)
    if err then
      vim.notify('memssa: ' .. (err.message or 'failed'), vim.log.levels.WARN)
      return
    end
    local items = rw_items(result)
    if #items == 0 then
      vim.notify('memssa: no global or struct field here', vim.log.levels.INFO)
      return
    end
    vim.fn.setqflist({}, ' ', { title = 'memssa: reads and writes', items = items })
    vim.cmd('copen')
  end, vim.api.nvim_get_current_buf())
end

local function on_attach(client, bufnr)
  for what, key in pairs(M.config.keys or {}) do
    local fn = what == 'reads_writes' and M.reads_writes or function() M.ask(what) end
    vim.keymap.set('n', key, fn, { buffer = bufnr })
  end
  if M.config.codelens then
    local group = vim.api.nvim_create_augroup('memssa_codelens_' .. bufnr, { clear = true })
    -- the answers change only when the file is saved (and compiled again)
    vim.api.nvim_create_autocmd({ 'BufEnter', 'BufWritePost' }, {
      group = group,
      buffer = bufnr,
      callback = function()
        pcall(vim.lsp.codelens.refresh)
      end,
    })
    pcall(vim.lsp.codelens.refresh)
  end
  if M.config.on_attach then
    M.config.on_attach(client, bufnr)
  end
end

-- The running client's id, starting the server if there is none.
function M.start()
  local c = client_id and vim.lsp.get_client_by_id(client_id)
  if c and not c.is_stopped() then
    return client_id
  end
  client_id = vim.lsp.start_client({
    name = 'memssa',
    cmd = M.config.cmd or default_cmd(),
    root_dir = vim.fn.getcwd(),
    init_options = M.config.init_options,
    on_attach = on_attach,
  })
  return client_id
end

-- Attaches the server to a buffer (default: the current one).
function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local id = M.start()
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

-- Is buffer b one to attach to: one of the filetypes, or a header?
local function wanted(b)
  if vim.tbl_contains(M.config.filetypes, vim.bo[b].filetype) then
    return true
  end
  return M.config.headers and vim.api.nvim_buf_get_name(b):match('%.h$') ~= nil
end

function M.setup(opts)
  M.config = vim.tbl_extend('force', M.config, opts or {})
  for what, name in pairs({ hover = 'MemssaHover', definition = 'MemssaDefinition',
                            references = 'MemssaReferences' }) do
    vim.api.nvim_create_user_command(name, function() M.ask(what) end, {})
  end
  vim.api.nvim_create_user_command('MemssaReadsWrites', function() M.reads_writes() end, {})
  local group = vim.api.nvim_create_augroup('memssa', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = '*',
    callback = function(args)
      if wanted(args.buf) then
        M.attach(args.buf)
      end
    end,
  })
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and wanted(b) then
      M.attach(b)
    end
  end
end

return M

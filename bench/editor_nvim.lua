-- editor_nvim.lua -- what bench/editor-nvim.sh times inside a real,
-- headless Neovim (nvim --headless -u NONE, clients/nvim on the
-- runtimepath, require('memssa').setup{} as a user has it): from :edit of
-- $BENCH_FILE to the first hover that answers at $BENCH_LINE:$BENCH_COL,
-- the first code lens request of the file and a second one, and
-- $BENCH_SAVES times an edit inside one function, :write, and a hover
-- right behind it. Times (ms, vim.loop.hrtime) go to $BENCH_OUT as JSON;
-- every wait has a time limit, and the script always quits.
local out = { ok = false, saves = {} }
local file = os.getenv('BENCH_FILE')
local line = tonumber(os.getenv('BENCH_LINE'))
local col = tonumber(os.getenv('BENCH_COL'))
local saves = tonumber(os.getenv('BENCH_SAVES') or '5')
local limit = 120000

local function ms(t0) return (vim.loop.hrtime() - t0) / 1e6 end

local function run()
  vim.cmd('filetype on')
  require('memssa').setup({ init_options = { clang = os.getenv('BENCH_CLANG') } })
  local t0 = vim.loop.hrtime()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  if not vim.wait(limit, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 1) then
    out.error = 'memssa did not attach'
    return
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line - 1, character = col - 1 },
  }
  local function hover()
    local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, limit)
    for _, r in pairs(res or {}) do
      if r.result and r.result.contents then return r.result.contents.value end
    end
  end
  local text
  -- the first hover is answered once the file is compiled and loaded
  while not text and ms(t0) < limit do text = hover() end
  out.open_to_hover_ms = ms(t0)
  out.hover = text
  local function lens()
    local t = vim.loop.hrtime()
    local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeLens',
                                         { textDocument = params.textDocument }, limit)
    local n = 0
    for _, r in pairs(res or {}) do n = n + #(r.result or {}) end
    return ms(t), n
  end
  out.lens_first_ms, out.lenses = lens()
  out.lens_again_ms = lens()
  -- saves: the constant of one statement inside one function changes
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local at
  for i, l in ipairs(lines) do
    if l:match('total %-= p%->weight %+ %d+;') then at = i break end
  end
  for k = 1, saves do
    if at then
      local l = lines[at]:gsub('%+ %d+;', '+ ' .. (k + 10) .. ';')
      vim.api.nvim_buf_set_lines(buf, at - 1, at, false, { l })
    end
    local t = vim.loop.hrtime()
    vim.cmd('silent write')
    local h = hover()
    table.insert(out.saves, { ms = ms(t), answered = h ~= nil })
  end
  out.ok = true
end

local okrun, err = pcall(run)
if not okrun then out.error = tostring(err) end
local f = io.open(os.getenv('BENCH_OUT'), 'w')
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qall!')

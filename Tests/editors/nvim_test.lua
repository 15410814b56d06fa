-- Headless Neovim test of editors/nvim (run by nvim_test.sh; needs `labelspec` on PATH).
-- Env: LABELSPEC_TEST_DIR (a scratch workspace made by the script), LABELSPEC_TEST_LOG.
local dir = assert(os.getenv('LABELSPEC_TEST_DIR'), 'LABELSPEC_TEST_DIR not set')
local log = assert(io.open(assert(os.getenv('LABELSPEC_TEST_LOG')), 'w'))
local failures, checks = 0, 0
local TIMEOUT = 20000

-- Neovim 0.10+ renamed these; 0.7 has only the old names.
local function clients_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(bufnr and vim.lsp.buf_get_clients(bufnr) or vim.lsp.get_active_clients())
end

local function say(s)
  log:write(s .. '\n')
  log:flush()
end

local function check(ok, what, detail)
  checks = checks + 1
  if ok then
    say('ok   ' .. what)
  else
    failures = failures + 1
    say('FAIL ' .. what .. (detail and (': ' .. detail) or ''))
  end
  return ok
end

local function finish()
  say(('lua: %d checks, %d failed'):format(checks, failures))
  log:close()
  for _, client in ipairs(clients_of(nil)) do
    vim.lsp.stop_client(client.id)
  end
  vim.wait(2000, function()
    return #clients_of(nil) == 0
  end, 50)
  vim.cmd(failures == 0 and 'qall!' or 'cquit! 1')
end

local function run()
  say('nvim ' .. tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch
    .. '; vim.lsp.start: ' .. tostring(vim.lsp.start ~= nil))
  local file = dir .. '/repo/specs/Mistakes.labelspec'
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()

  -- Filetype, comment string, syntax.
  check(vim.bo.filetype == 'labelspec', 'filetype is labelspec', vim.bo.filetype)
  check(vim.bo.commentstring == '// %s', "commentstring is '// %s'", vim.bo.commentstring)
  check(vim.b.current_syntax == 'labelspec', 'syntax/labelspec.vim loaded', tostring(vim.b.current_syntax))
  local function syn_at(pattern, offset)
    local lnum = vim.fn.search(pattern, 'cw')
    if lnum == 0 then
      return nil, 'pattern not found: ' .. pattern
    end
    local col = vim.fn.col('.') + (offset or 0)
    return vim.fn.synIDattr(vim.fn.synID(lnum, col, 1), 'name')
  end
  local expect_syntax = {
    { [[^// Every]], 0, 'labelspecLineComment' },
    { [[^label MistakeTypo]], 0, 'labelspecKeyword' },
    { [[^label \zsMistakeTypo]], 0, 'labelspecItemName' },
    { [[^label MistakeOrphan: \zsMistakeMissingStyle]], 0, 'labelspecParentName' },
    { [[^    \zstext: "Typo"]], 0, 'labelspecProperty' },
    { [[^    text: \zs"Typo"]], 1, 'labelspecString' },
    { [[\zs\.byTruncatingEnd]], 0, 'labelspecCase' },
    { [[widht: \zs120]], 0, 'labelspecNumber' },
    { [[adjustsFontSizeToFitWidth: \zstrue]], 0, 'labelspecBoolean' },
    { [[textColor: \zs#767676]], 0, 'labelspecColor' },
    { [[^    \zswidht:]], 0, 'labelspecArgumentLabel' },
    { [[size: \zs17]], 0, 'labelspecNumber' },
  }
  for _, e in ipairs(expect_syntax) do
    local got, err = syn_at(e[1], e[2])
    check(got == e[3], ('syntax group at /%s/ is %s'):format(e[1], e[3]), err or got)
  end
  vim.fn.cursor(1, 1)

  -- Indentation of blocks (indent/labelspec.vim), in a scratch buffer.
  vim.cmd('new')
  vim.bo.filetype = 'labelspec'
  vim.api.nvim_buf_set_lines(0, 0, -1, true, {
    'style A { font: .body }', 'label B: A {', 'text: """', '  Two', '    lines', '  """', 'labelStyle: [', '.shadow,',
    '.iconOnly', ']', '/* a', 'comment */', '}',
  })
  vim.cmd('normal! gg=G')
  local want = {
    'style A { font: .body }', 'label B: A {', '    text: """', '  Two', '    lines', '  """', '    labelStyle: [',
    '        .shadow,', '        .iconOnly', '    ]', '    /* a', 'comment */', '}',
  }
  local got = vim.api.nvim_buf_get_lines(0, 0, -1, true)
  check(vim.deep_equal(got, want), 'gg=G indents blocks and lists, leaves multi-line strings and comments alone',
    table.concat(got, '|'))
  vim.cmd('bwipeout!')

  -- The server: started by the ftplugin, rooted at the nearest labelspec.json.
  local clients = {}
  check(vim.wait(TIMEOUT, function()
    clients = clients_of(buf)
    return #clients > 0
  end, 50), 'a language client is attached to the buffer')
  local client = clients[1]
  if client == nil then
    return
  end
  check(client.name == 'labelspec', "the client is named 'labelspec'", client.name)
  check(vim.bo[buf].omnifunc == 'v:lua.vim.lsp.omnifunc', 'omnifunc is the LSP one', vim.bo[buf].omnifunc)
  if vim.lsp.config ~= nil and type(vim.lsp.config) == 'table' then
    local cfg = vim.lsp.config.labelspec
    check(cfg ~= nil and vim.deep_equal(cfg.cmd, { 'labelspec', 'lsp' }), 'vim.lsp.config.labelspec comes from lsp/labelspec.lua',
      vim.inspect(cfg))
  end
  check(client.config.root_dir == dir .. '/repo/specs', 'rooted at the folder holding labelspec.json (not the .git above it)',
    tostring(client.config.root_dir))
  check(vim.deep_equal(client.config.cmd, { 'labelspec', 'lsp' }), 'command is labelspec lsp', vim.inspect(client.config.cmd))
  check(vim.wait(TIMEOUT, function()
    return client.initialized or (client.server_capabilities ~= nil and next(client.server_capabilities) ~= nil)
      or (client.resolved_capabilities ~= nil and client.resolved_capabilities.hover)
  end, 50), 'the server initialized')

  -- A second file of the same folder reuses the client; a file outside it, under the .git, gets its own.
  vim.cmd('split ' .. vim.fn.fnameescape(dir .. '/repo/specs/Second.labelspec'))
  local second = vim.api.nvim_get_current_buf()
  vim.wait(TIMEOUT, function()
    return #clients_of(second) > 0
  end, 50)
  local c2 = clients_of(second)[1]
  check(c2 ~= nil and c2.id == client.id, 'a second file under the same labelspec.json shares the client')
  vim.g.labelspec_settings = { contentSize = 'accessibilityExtraExtraExtraLarge' }
  vim.cmd('split ' .. vim.fn.fnameescape(dir .. '/repo/other/Third.labelspec'))
  vim.g.labelspec_settings = nil
  local third = vim.api.nvim_get_current_buf()
  vim.wait(TIMEOUT, function()
    return #clients_of(third) > 0
  end, 50)
  local c3 = clients_of(third)[1]
  check(c3 ~= nil and c3.id ~= client.id and c3.config.root_dir == dir .. '/repo',
    'a file outside it gets its own client rooted at the .git folder', c3 and tostring(c3.config.root_dir))
  local third_codes = {}
  vim.wait(TIMEOUT, function()
    third_codes = {}
    for _, d in ipairs(vim.diagnostic.get(third)) do
      third_codes[#third_codes + 1] = d.code
    end
    return vim.tbl_contains(third_codes, 'truncates')
  end, 50)
  check(vim.tbl_contains(third_codes, 'truncates'),
    'g:labelspec_settings reaches the server: a label that fits at large truncates at contentSize accessibilityExtraExtraExtraLarge',
    table.concat(third_codes, ' '))
  local n = 0
  for _, c in ipairs(clients_of(nil)) do
    if c.name == 'labelspec' then
      n = n + 1
    end
  end
  check(n == 2, 'two labelspec clients in all (one per root)', tostring(n))
  vim.cmd('close | close')
  vim.api.nvim_set_current_buf(buf)

  -- Diagnostics pushed on open.
  local expected_codes = {
    'syntax', 'unknown-property', 'type-mismatch', 'duplicate', 'unknown-style', 'style-cycle',
    'invalid-scale-factor', 'wrap-autoshrink-conflict', 'no-effect', 'deprecated', 'style-after-eraser',
    'missing-localization', 'missing-text', 'invalid-number', 'custom-font', 'custom-color', 'truncates', 'clipped',
    'fixed-size-font', 'low-contrast',
  }
  local function codes_of(b)
    local set = {}
    for _, d in ipairs(vim.diagnostic.get(b)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      if code then
        set[code] = (set[code] or 0) + 1
      end
    end
    return set
  end
  local codes = {}
  vim.wait(TIMEOUT, function()
    codes = codes_of(buf)
    for _, c in ipairs(expected_codes) do
      if not codes[c] then
        return false
      end
    end
    return true
  end, 50)
  for _, c in ipairs(expected_codes) do
    check(codes[c] ~= nil, 'diagnostic code ' .. c)
  end
  local typo
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == 'unknown-property' or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == 'unknown-property') then
      typo = d
    end
  end
  check(typo ~= nil and typo.lnum == 16 and typo.col == 4 and typo.severity == vim.diagnostic.severity.ERROR
    and typo.message:find("did you mean 'width'", 1, true) ~= nil,
    "unknown-property at 17:5 is an error suggesting 'width'", typo and vim.inspect({ typo.lnum, typo.col, typo.message }))

  -- Quick fixes with the cursor at the end of the typo's line (issue 24): a cursor stands for its
  -- line, with or without the line's diagnostics in the context.
  if typo ~= nil then
    local line_text = vim.api.nvim_buf_get_lines(buf, typo.lnum, typo.lnum + 1, true)[1]
    local at_end = { line = typo.lnum, character = #line_text }
    local function action_titles(context_diagnostics)
      local titles = {}
      local replies = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
        textDocument = { uri = vim.uri_from_bufnr(buf) },
        range = { start = at_end, ['end'] = at_end },
        context = { diagnostics = context_diagnostics },
      }, TIMEOUT)
      for _, r in pairs(replies or {}) do
        for _, a in ipairs(r.result or {}) do
          titles[#titles + 1] = a.title
        end
      end
      return table.concat(titles, ' | ')
    end
    local empty = action_titles({})
    check(empty:find("Rename to 'width'", 1, true) ~= nil, 'a code action at the end of the typo\'s line renames it to width', empty)
    local line_diagnostics = vim.lsp.diagnostic.get_line_diagnostics and vim.lsp.diagnostic.get_line_diagnostics(buf, typo.lnum) or {}
    local with_context = action_titles(line_diagnostics)
    check(with_context:find("Rename to 'width'", 1, true) ~= nil, 'and with the line\'s diagnostics in the context, as Neovim sends them',
      with_context)
  end

  -- A rename to a name already declared is refused, saying where (issue 24).
  local typo_label = vim.fn.search([[^label \zsMistakeTypo\>]], 'cw')
  local renamed = vim.lsp.buf_request_sync(buf, 'textDocument/rename', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = typo_label - 1, character = 8 },
    newName = 'MistakeTruncates',
  }, TIMEOUT)
  local refusal = ''
  for _, r in pairs(renamed or {}) do
    if r.err then
      refusal = refusal .. (r.err.message or vim.inspect(r.err))
    elseif r.error then
      refusal = refusal .. (r.error.message or vim.inspect(r.error))
    end
  end
  check(refusal:find("'MistakeTruncates' is already declared (Mistakes.labelspec:", 1, true) ~= nil,
    'a rename to a declared name is refused with its place', refusal)

  -- Hover on a label's name: the measured preview.
  local lnum = vim.fn.search([[^label \zsMistakeTruncates]], 'cw')
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = lnum - 1, character = 8 },
  }, TIMEOUT)
  local text = ''
  for _, r in pairs(hover or {}) do
    if r.result and r.result.contents then
      local c = r.result.contents
      text = text .. (type(c) == 'string' and c or c.value or vim.inspect(c))
    end
  end
  check(text:find('1 line', 1, true) ~= nil, "hover on 'MistakeTruncates' shows the line count ('1 line')", text:sub(1, 300))
  check(text:find('truncat', 1, true) ~= nil, 'hover on MistakeTruncates says it truncates', text:sub(1, 300))

  -- Completion after `textColor: .` (an edit, sent incrementally).
  local cl = vim.fn.search([[^    textColor: #767676]], 'cw')
  check(cl > 0, 'found the textColor line to edit')
  vim.api.nvim_buf_set_lines(buf, cl - 1, cl, true, { '    textColor: .' })
  -- The edit reaches the server: custom-color (from #767676) goes away.
  check(vim.wait(TIMEOUT, function()
    return codes_of(buf)['custom-color'] == nil
  end, 50), 'after the edit, the custom-color hint is gone (didChange applied)')
  local completion = vim.lsp.buf_request_sync(buf, 'textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = cl - 1, character = #'    textColor: .' },
    context = { triggerKind = 2, triggerCharacter = '.' },
  }, TIMEOUT)
  local labels, order = {}, {}
  for _, r in pairs(completion or {}) do
    local items = r.result and (r.result.items or r.result) or {}
    table.sort(items, function(a, b)
      return (a.sortText or a.label) < (b.sortText or b.label)
    end)
    for _, item in ipairs(items) do
      labels[item.label] = true
      order[#order + 1] = item.label
    end
  end
  for _, want in ipairs({ 'label', 'secondaryLabel', 'tertiaryLabel', 'quaternaryLabel' }) do
    check(labels[want] or labels['.' .. want], 'completion after `textColor: .` offers ' .. want,
      table.concat(order, ' '):sub(1, 300))
  end
  local first4 = {}
  for i = 1, 4 do
    first4[i] = order[i] and order[i]:gsub('^%.', '')
  end
  check(table.concat(first4, ' ') == 'label secondaryLabel tertiaryLabel quaternaryLabel',
    'the label colours sort first', table.concat(first4, ' '))
  check(labels['systemRed'] or labels['.systemRed'], 'completion also offers systemRed')

  -- A key added to a String Catalog on disk: this Neovim registers no file watchers before
  -- 0.9, so the server looks at the disk itself (every 2 s) and missing-localization goes.
  check(codes_of(buf)['missing-localization'] ~= nil, 'missing-localization before the catalog has the key')
  local catalog = assert(io.open(dir .. '/repo/specs/Localizable.xcstrings', 'w'))
  catalog:write('{ "sourceLanguage" : "en", "strings" : { "mistake.missing.key" : { "localizations" : '
    .. '{ "en" : { "stringUnit" : { "state" : "translated", "value" : "Found" } } } } }, "version" : "1.0" }')
  catalog:close()
  check(vim.wait(TIMEOUT, function()
    return codes_of(buf)['missing-localization'] == nil
  end, 100), 'after the key is added on disk, missing-localization is gone (no editor notification)')

  -- A property typed without its value yet, the next line's property as written (issue 24): the
  -- value is missing at the line's end, and the next line keeps its own meaning.
  local wl = vim.fn.search([[^    widht: 120]], 'cw')
  check(wl > 0, 'found the widht line to edit')
  vim.api.nvim_buf_set_lines(buf, wl - 1, wl, true, { '    numberOfLines:', '    width: 120' })
  local at_line, next_line = {}, {}
  check(vim.wait(TIMEOUT, function()
    at_line, next_line = {}, {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == wl - 1 then at_line[#at_line + 1] = d.message end
      if d.lnum == wl then next_line[#next_line + 1] = d.message end
    end
    return vim.deep_equal(at_line, { 'expected a value' })
  end, 50) and #next_line == 0,
    "'numberOfLines:' at a line's end: 'expected a value' there, nothing on the next line's width",
    vim.inspect({ at_line, next_line }))

  -- The server's notes reach Neovim's log at their level, not as [ERROR] (issue 24): this
  -- Neovim has no file watchers, so the server said it polls, as information.
  local log_path = vim.lsp.get_log_path()
  local log_file = io.open(log_path, 'r')
  local log_text = log_file and log_file:read('*a') or ''
  if log_file then log_file:close() end
  local errors = {}
  for line in log_text:gmatch('[^\n]+') do
    if line:find('ERROR', 1, true) and line:find('labelspec lsp:', 1, true) then errors[#errors + 1] = line end
  end
  check(#errors == 0, "no note of the server is logged as an error in Neovim's lsp.log", table.concat(errors, '\n'):sub(1, 400))
end

local ok, err = pcall(run)
if not ok then
  check(false, 'test ran without a Lua error', tostring(err))
end
finish()

-- Drives `render lsp` through Neovim's built-in client as a user would: opens
-- the project, waits for its diagnostics, applies each did-you-mean quick fix,
-- hovers over an item and jumps to a composition's definition. Neovim 0.7's
-- API (vim.lsp.start_client and buf_attach_client; vim.lsp.start came in 0.8).
--
--   CUTLIST_RENDER=render CUTLIST_PROJECT=p.yaml CUTLIST_RESULT=out.txt \
--     CUTLIST_HOVER=pattern CUTLIST_DEFINITION=pattern nvim --headless -u NONE -i NONE -n +'luafile neovim.lua'
--
-- Writes one line per finding to CUTLIST_RESULT; LanguageServerCLITests reads them.
local result = io.open(os.getenv("CUTLIST_RESULT"), "w")
local function say(...)
  result:write(table.concat({ ... }, " "), "\n")
  result:flush()
end

local function finish()
  result:close()
  vim.cmd("qa!")
end

vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("CUTLIST_PROJECT")))
local buffer = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = "cutlist",
  cmd = { os.getenv("CUTLIST_RENDER"), "lsp" },
  root_dir = vim.fn.expand("%:p:h"),
  flags = { debounce_text_changes = 10 },
})
vim.lsp.buf_attach_client(buffer, id)
local client = vim.lsp.get_client_by_id(id)

local function diagnostics()
  local found = vim.diagnostic.get(buffer)
  table.sort(found, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return found
end

if not vim.wait(30000, function() return #diagnostics() > 0 end, 20) then
  say("no diagnostics")
  return finish()
end
for _, d in ipairs(diagnostics()) do
  say("diagnostic", d.lnum .. ":" .. d.col .. "-" .. d.end_lnum .. ":" .. d.end_col, (d.message:gsub("\n", " | ")))
end

-- Each diagnostic's quick fix, asked for where the diagnostic is, as a user's cursor would be.
for _, d in ipairs(diagnostics()) do
  local reply = client.request_sync("textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(buffer) },
    range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.lnum, character = d.col } },
    context = { diagnostics = {} },
  }, 10000, buffer)
  for _, action in ipairs(reply and reply.result or {}) do
    say("action", action.title)
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    say("line", vim.api.nvim_buf_get_lines(buffer, d.lnum, d.lnum + 1, false)[1])
  end
end
-- After the edits the server publishes again: nothing left.
local cleared = vim.wait(30000, function() return #diagnostics() == 0 end, 20)
say("diagnostics after the fixes", cleared and "none" or tostring(#diagnostics()))

local function position(pattern)
  local found = vim.fn.searchpos(pattern, "nw")
  return { line = found[1] - 1, character = found[2] - 1 }
end

local hover = client.request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  position = position(os.getenv("CUTLIST_HOVER")),
}, 10000, buffer)
if hover and hover.result then
  for _, line in ipairs(vim.split(hover.result.contents.value, "\n")) do
    if line ~= "" then say("hover", line) end
  end
else
  say("no hover")
end

local definition = client.request_sync("textDocument/definition", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  position = position(os.getenv("CUTLIST_DEFINITION")),
}, 10000, buffer)
if definition and definition.result then
  vim.lsp.util.jump_to_location(definition.result, client.offset_encoding)
  local cursor = vim.api.nvim_win_get_cursor(0)
  say("definition", cursor[1] .. ":" .. cursor[2], vim.api.nvim_get_current_line())
else
  say("no definition")
end

client.stop()
vim.wait(5000, function() return client.is_stopped() end, 20)
finish()

-- LabelSpec filetype plugin: comments, indentation style, and the language server.
if vim.b.did_ftplugin_labelspec then
  return
end
vim.b.did_ftplugin_labelspec = true

vim.bo.commentstring = '// %s'
vim.bo.comments = 's1:/*,mb:*,ex:*/,://'
vim.bo.formatoptions = vim.bo.formatoptions:gsub('t', '') .. 'croql'
vim.bo.suffixesadd = '.labelspec'
-- The layout of `labelspec format`: four spaces.
if vim.g.labelspec_recommended_style ~= 0 then
  vim.bo.expandtab = true
  vim.bo.shiftwidth = 4
  vim.bo.softtabstop = 4
end

local undo = 'setlocal commentstring< comments< formatoptions< suffixesadd< expandtab< shiftwidth< softtabstop<'
  .. ' | unlet! b:did_ftplugin_labelspec'
if vim.b.undo_ftplugin ~= nil and vim.b.undo_ftplugin ~= '' then
  vim.b.undo_ftplugin = vim.b.undo_ftplugin .. ' | ' .. undo
else
  vim.b.undo_ftplugin = undo
end

require('labelspec').attach(vim.api.nvim_get_current_buf())

" Vim syntax file
" Language:    LabelSpec (.labelspec UI label specs)
" Maintainer:  LabelSpec (editors/nvim in the LabelSpec repository)
" Syntax:      docs/language.md

if exists('b:current_syntax')
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syn case match

" Names followed by a colon: argument labels (`size:`), unknown properties.
" Defined first so that the known property names below win at the same spot.
syn match labelspecArgumentLabel "\<\h\w*\ze\s*:"

" Property names (docs/language.md, Properties).
syn match labelspecProperty "\<\%(text\|font\|textColor\|textAlignment\|lineBreakMode\|numberOfLines\|adjustsFontSizeToFitWidth\|minimumScaleFactor\|allowsDefaultTighteningForTruncation\|baselineAdjustment\|adjustsFontForContentSizeCategory\|width\|height\|preferredMaxLayoutWidth\|isEnabled\|isHighlighted\|highlightedTextColor\|shadowColor\|shadowOffset\|backgroundColor\|verticalAlignment\|icon\|labelStyle\|arguments\|framework\|lineLimit\|truncationMode\|allowsTightening\|multilineTextAlignment\)\>\ze\s*:"
syn match labelspecDeprecatedProperty "\<\%(minimumFontSize\|adjustsLetterSpacingToFitWidth\)\>\ze\s*:"

" Items: `style Name: Parent, Other {` and `label Name {`.
syn keyword labelspecKeyword style label nextgroup=labelspecItemName skipwhite
syn match labelspecItemName "\<\h\w*\>" contained nextgroup=labelspecParents skipwhite
syn match labelspecParents ":\s*\h\w*\%(\s*,\s*\h\w*\)*" contained contains=labelspecParentName,labelspecDelimiter
syn match labelspecParentName "\<\h\w*\>" contained

syn keyword labelspecBoolean true false

" Enum cases, colours, text styles, factories: `.byWordWrapping`, `.label`, `.system(`.
" A match starting at the dot, so `.label` is a case and not the keyword.
syn match labelspecCase "\.\h\w*"

syn match labelspecNumber "-\=\<\d\+\%(\.\d\+\)\=\>"

" Hex colours: #RGB, #RRGGBB, #RRGGBBAA; any other `#…` token is a mistake.
syn match labelspecColorError "#\w*"
syn match labelspecColor "#\%(\x\{8}\|\x\{6}\|\x\{3}\)\>"

" Strings: one line, and """ multi-line """.
syn match labelspecEscapeError "\\." contained
syn match labelspecEscape "\\\%([ntr0\\\"']\|u{\x\{1,8}}\)" contained
syn region labelspecString start=+"+ skip=+\\\\\|\\"+ end=+"+ end=+$+ contains=labelspecEscape,labelspecEscapeError,@Spell
syn region labelspecMultilineString start=+"""+ skip=+\\.+ end=+"""+ contains=labelspecEscape,labelspecEscapeError,@Spell

" Comments: `// …` and nested `/* /* … */ */`.
syn keyword labelspecTodo TODO FIXME XXX NOTE contained
syn match labelspecLineComment "//.*$" contains=labelspecTodo,@Spell
syn region labelspecBlockComment start="/\*" end="\*/" contains=labelspecBlockComment,labelspecTodo,@Spell

syn match labelspecDelimiter "[:;,]"
syn match labelspecBrace "[{}()\[\]]"

" Multi-line strings and nested comments need the whole file.
syn sync fromstart

hi def link labelspecKeyword            Keyword
hi def link labelspecItemName           Function
hi def link labelspecParentName         Type
hi def link labelspecProperty           Identifier
hi def link labelspecDeprecatedProperty WarningMsg
hi def link labelspecArgumentLabel      Label
hi def link labelspecBoolean            Boolean
hi def link labelspecCase               Constant
hi def link labelspecNumber             Number
hi def link labelspecColor              Number
hi def link labelspecColorError         Error
hi def link labelspecString             String
hi def link labelspecMultilineString    String
hi def link labelspecEscape             SpecialChar
hi def link labelspecEscapeError        Error
hi def link labelspecLineComment        Comment
hi def link labelspecBlockComment       Comment
hi def link labelspecTodo               Todo
hi def link labelspecDelimiter          Delimiter
hi def link labelspecBrace              Delimiter

let b:current_syntax = 'labelspec'

let &cpo = s:cpo_save
unlet s:cpo_save

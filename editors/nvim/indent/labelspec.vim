" Vim indent file
" Language: LabelSpec (.labelspec)
" One 'shiftwidth' per open `{`, `[` or `(`; a line starting with a closer goes back one level.
" Lines inside a """ multi-line string keep their indentation.

if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal indentexpr=GetLabelspecIndent(v:lnum)
setlocal indentkeys=0{,0},0),0],!^F,o,O,e
setlocal nolisp nosmartindent nocindent autoindent

let b:undo_indent = 'setlocal indentexpr< indentkeys< lisp< smartindent< cindent< autoindent<'

if exists('*GetLabelspecIndent')
  finish
endif

function! s:InStringOrComment(lnum, col) abort
  let name = synIDattr(synID(a:lnum, a:col, 1), 'name')
  return name =~# 'labelspec\%(MultilineString\|BlockComment\)'
endfunction

" The net count of openers on a line, ignoring strings and comments.
function! s:NetOpeners(lnum) abort
  let line = getline(a:lnum)
  let net = 0
  let col = 0
  while col < len(line)
    let c = line[col]
    if c =~# '[{}()\[\]]'
      let name = synIDattr(synID(a:lnum, col + 1, 1), 'name')
      if name !~# 'String\|Comment\|Escape'
        let net += c =~# '[{(\[]' ? 1 : -1
      endif
    endif
    let col += 1
  endwhile
  return net
endfunction

function! GetLabelspecIndent(lnum) abort
  if a:lnum > 1 && s:InStringOrComment(a:lnum, 1) && s:InStringOrComment(a:lnum - 1, max([1, len(getline(a:lnum - 1))]))
    return -1
  endif
  let prev = prevnonblank(a:lnum - 1)
  " A previous line inside a multi-line string or block comment counts from the line it opened on.
  while prev > 1 && s:InStringOrComment(prev, 1)
    let prev = prevnonblank(prev - 1)
  endwhile
  if prev == 0
    return 0
  endif
  let ind = indent(prev)
  let net = s:NetOpeners(prev)
  " The closers a previous line starts with were already taken back by its own indent.
  let leading = matchstr(getline(prev), '^\s*\zs[}\])]\+')
  let net += len(substitute(leading, '\s', '', 'g'))
  if net > 0
    let ind += shiftwidth()
  elseif net < 0
    let ind -= shiftwidth()
  endif
  if getline(a:lnum) =~# '^\s*[}\])]'
    let ind -= shiftwidth()
  endif
  return max([0, ind])
endfunction

" LabelSpec: *.labelspec files get filetype labelspec.
autocmd BufNewFile,BufRead *.labelspec setfiletype labelspec

;;; labelspec-mode.el --- Major mode for LabelSpec UI label specs -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "26.1"))
;; Keywords: languages

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A major mode for `.labelspec' files (the LabelSpec language: docs/language.md):
;; font-lock, comments (`//' and nested `/* */'), one- and multi-line strings,
;; indentation of blocks, imenu, and the `labelspec lsp' language server through
;; eglot (diagnostics with their codes, completion, hover, code actions, ...).
;; lsp-mode users get a client registered for `labelspec-mode' too (M-x lsp).
;;
;; Setup, one line (with `labelspec' on PATH):
;;
;;   (load "/path/to/editors/emacs/labelspec-mode")
;;
;; Opening a `.labelspec' file then starts eglot with `labelspec lsp', rooted at
;; the nearest folder holding `labelspec.json', else the project (e.g. `.git').
;; Set `labelspec-eglot-auto-start' to nil to start eglot yourself (M-x eglot).

;;; Code:

(require 'rx)

(defgroup labelspec nil
  "Editing LabelSpec (.labelspec) files."
  :group 'languages
  :prefix "labelspec-")

(defcustom labelspec-indent-offset 4
  "Columns of indentation per open block, list or argument list."
  :type 'integer
  :safe #'integerp)

(defcustom labelspec-executable "labelspec"
  "The `labelspec' program that eglot starts as `labelspec lsp'."
  :type 'string)

(defcustom labelspec-eglot-auto-start t
  "When non-nil, `labelspec-mode' calls `eglot-ensure' if eglot is installed."
  :type 'boolean)

(defcustom labelspec-content-size nil
  "Dynamic Type size the server measures at, or \"all\"; nil: labelspec.json."
  :type '(choice (const :tag "From labelspec.json" nil)
                 (const "all")
                 (const "extraSmall") (const "small") (const "medium") (const "large")
                 (const "extraLarge") (const "extraExtraLarge") (const "extraExtraExtraLarge")
                 (const "accessibilityMedium") (const "accessibilityLarge")
                 (const "accessibilityExtraLarge") (const "accessibilityExtraExtraLarge")
                 (const "accessibilityExtraExtraExtraLarge")))

(defcustom labelspec-system-font-file nil
  "A font file standing in for the system font when measuring, or nil."
  :type '(choice (const :tag "Default" nil) file))

;; Flymake gives eldoc the diagnostics at point (`flymake-eldoc-function'), but eglot
;; sets `eldoc-documentation-strategy' to `eldoc-documentation-enthusiast' in the
;; buffers it manages, which shows only the first answer: the hover.  Composed, the
;; echo area shows the diagnostic at point and the hover.
(defcustom labelspec-eldoc-diagnostics t
  "When non-nil, eldoc shows the diagnostics at point as well as the hover.
It makes `eldoc-documentation-strategy' `eldoc-documentation-compose' in the
LabelSpec buffers eglot manages."
  :type 'boolean)

(defun labelspec-eldoc-compose ()
  "Compose eldoc's answers in a LabelSpec buffer eglot manages.
See `labelspec-eldoc-diagnostics'."
  (when (and labelspec-eldoc-diagnostics (derived-mode-p 'labelspec-mode)
             (fboundp 'eldoc-documentation-compose))
    (setq-local eldoc-documentation-strategy #'eldoc-documentation-compose)))

(add-hook 'eglot-managed-mode-hook #'labelspec-eldoc-compose)

(defconst labelspec-properties
  '("text" "font" "textColor" "textAlignment" "lineBreakMode" "numberOfLines"
    "adjustsFontSizeToFitWidth" "minimumScaleFactor"
    "allowsDefaultTighteningForTruncation" "baselineAdjustment"
    "adjustsFontForContentSizeCategory" "width" "height"
    "preferredMaxLayoutWidth" "isEnabled" "isHighlighted" "highlightedTextColor"
    "shadowColor" "shadowOffset" "backgroundColor" "verticalAlignment" "icon" "labelStyle" "arguments"
    "framework" "lineLimit" "truncationMode" "allowsTightening" "multilineTextAlignment")
  "The property names of docs/language.md.")

(defconst labelspec-deprecated-properties
  '("minimumFontSize" "adjustsLetterSpacingToFitWidth")
  "Properties deprecated since iOS 6.")

(defface labelspec-property-face
  '((t :inherit font-lock-variable-name-face))
  "Face for property names.")

(defface labelspec-case-face
  '((t :inherit font-lock-constant-face))
  "Face for enum cases, system colours and text styles (`.body').")

(defface labelspec-number-face
  '((t :inherit font-lock-constant-face))
  "Face for numbers and hex colours.")

(defface labelspec-argument-face
  '((t :inherit font-lock-builtin-face))
  "Face for argument labels (`size:') and names before a colon that are no property.")

(defvar labelspec-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `//' comments (style b) and nestable `/* */' comments.
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23n" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\r "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?# "_" table)
    (modify-syntax-entry ?. "." table)
    (modify-syntax-entry ?: "." table)
    (modify-syntax-entry ?\; "." table)
    (modify-syntax-entry ?, "." table)
    (modify-syntax-entry ?- "." table)
    (modify-syntax-entry ?' "." table)
    (modify-syntax-entry ?{ "(}" table)
    (modify-syntax-entry ?} "){" table)
    (modify-syntax-entry ?\[ "(]" table)
    (modify-syntax-entry ?\] ")[" table)
    (modify-syntax-entry ?\( "()" table)
    (modify-syntax-entry ?\) ")(" table)
    table)
  "Syntax table for `labelspec-mode'.")

(defun labelspec--put-syntax (beg end descriptor)
  "Give the text from BEG to END the syntax DESCRIPTOR."
  (put-text-property beg end 'syntax-table (string-to-syntax descriptor))
  (syntax-ppss-flush-cache beg))

(defun labelspec--escaped-p (pos)
  "Non-nil when the character at POS follows an odd number of backslashes."
  (save-excursion
    (goto-char pos)
    (= 1 (% (- pos (progn (skip-chars-backward "\\\\") (point))) 2))))

(defun labelspec-syntax-propertize (start end)
  "Mark multi-line and unterminated strings between START and END.
A `\"\"\"' string becomes a string-fence string, so that quotes inside it do not
end it; a one-line string left open at the end of its line ends there, as
the language says, instead of running on to the next quote."
  (goto-char start)
  (while (re-search-forward "\"\"\"\\|\n" end t)
    (let* ((mb (match-beginning 0))
           (ppss (save-excursion (syntax-ppss mb))))
      (cond
       ((nth 4 ppss))                   ; in a comment
       ((eq (char-after mb) ?\n)
        (when (and (eq (nth 3 ppss) ?\") (not (labelspec--escaped-p mb)))
          ;; A one-line string without its closing quote: it ends here.
          (labelspec--put-syntax (nth 8 ppss) (1+ (nth 8 ppss)) "|")
          (labelspec--put-syntax mb (1+ mb) "|")))
       ((eq (nth 3 ppss) t)             ; in a """ string: this closes it
        (if (labelspec--escaped-p mb)
            (goto-char (1+ mb))
          (labelspec--put-syntax mb (+ mb 2) ".")
          (labelspec--put-syntax (+ mb 2) (+ mb 3) "|")))
       ((nth 3 ppss)                    ; a one-line string's closing quote
        (goto-char (1+ mb)))
       (t                               ; opens a """ string
        (labelspec--put-syntax mb (1+ mb) "|")
        (labelspec--put-syntax (1+ mb) (+ mb 3) "."))))))

(defun labelspec--match-escape (limit)
  "Find the next string escape before LIMIT, for font-lock."
  (let (found)
    (while (and (not found)
                (re-search-forward
                 (rx "\\" (or (any "ntr0\\\"'") (seq "u{" (** 1 8 xdigit) "}")))
                 limit t))
      (when (nth 3 (save-excursion (syntax-ppss (match-beginning 0))))
        (setq found t)))
    found))

(defconst labelspec--name (rx (any "A-Za-z_") (* (any "A-Za-z0-9_")))
  "A LabelSpec name.")

(defvar labelspec-font-lock-keywords
  `(;; `style Name: Parent, Other {' and `label Name {'
    (,(concat "\\_<\\(style\\|label\\)\\_>[ \t]+\\(" labelspec--name "\\)")
     (1 font-lock-keyword-face)
     (2 font-lock-function-name-face)
     (,(concat "\\_<" labelspec--name "\\_>")
      (if (looking-at "[ \t]*:")
          (progn (goto-char (match-end 0))
                 (save-excursion (skip-chars-forward "^{\n") (point)))
        (end-of-line)                   ; no parents: nothing to search
        (point))
      nil
      (0 font-lock-type-face)))
    ;; Enum cases, system colours, text styles, factories: `.byClipping', `.label'.
    (,(concat "\\.\\(" labelspec--name "\\)") (0 'labelspec-case-face))
    (,(rx symbol-start (or "style" "label") symbol-end) . font-lock-keyword-face)
    (,(rx symbol-start (or "true" "false") symbol-end) . font-lock-constant-face)
    (,(concat (regexp-opt labelspec-properties 'symbols) "[ \t]*:")
     (1 'labelspec-property-face))
    (,(concat (regexp-opt labelspec-deprecated-properties 'symbols) "[ \t]*:")
     (1 font-lock-warning-face))
    (,(concat "\\_<\\(" labelspec--name "\\)\\_>[ \t]*:") (1 'labelspec-argument-face))
    ;; Hex colours: #RGB, #RRGGBB, #RRGGBBAA; any other `#...' is a mistake.
    (,(rx "#" (or (= 8 xdigit) (= 6 xdigit) (= 3 xdigit)) symbol-end) . 'labelspec-number-face)
    (,(rx "#" (* (any "A-Za-z0-9_"))) . font-lock-warning-face)
    (,(rx (? "-") symbol-start (+ digit) (? "." (+ digit)) symbol-end) . 'labelspec-number-face)
    (labelspec--match-escape (0 font-lock-constant-face prepend)))
  "Font-lock keywords for `labelspec-mode'.")

(defun labelspec-indent-line ()
  "Indent the current line: one `labelspec-indent-offset' per open bracket.
A line starting with a closing bracket goes back one level; lines inside a
`\"\"\"' string or a block comment are left alone."
  (interactive)
  (let* ((ppss (save-excursion (syntax-ppss (line-beginning-position))))
         (from-end (- (point-max) (point))))
    (if (or (nth 3 ppss) (nth 4 ppss))
        'noindent
      (let ((indent (* labelspec-indent-offset (car ppss))))
        (save-excursion
          (back-to-indentation)
          (when (looking-at "[]})]")
            (setq indent (max 0 (- indent labelspec-indent-offset)))))
        (if (<= (current-column) (current-indentation))
            (indent-line-to indent)
          (save-excursion (indent-line-to indent))
          (goto-char (max (point) (- (point-max) from-end))))))))

(defvar labelspec-imenu-generic-expression
  `(("Labels" ,(concat "^[ \t]*label[ \t]+\\(" labelspec--name "\\)") 1)
    ("Styles" ,(concat "^[ \t]*style[ \t]+\\(" labelspec--name "\\)") 1))
  "Imenu entries: every label and style.")

;;; The language server (eglot)

(defun labelspec--initialization-options ()
  "The `initializationOptions' sent to `labelspec lsp'."
  (append (and labelspec-content-size (list :contentSize labelspec-content-size))
          (and labelspec-system-font-file
               (list :systemFontFile (expand-file-name labelspec-system-font-file)))))

(defun labelspec-eglot-contact (&optional _interactive)
  "The eglot contact for `labelspec-mode': `labelspec lsp' and its options."
  (let ((options (labelspec--initialization-options)))
    (append (list labelspec-executable "lsp")
            (and options (list :initializationOptions options)))))

(defun labelspec-project-find (dir)
  "The project of a LabelSpec file in DIR: its nearest `labelspec.json' folder.
Only for `labelspec-mode' buffers; elsewhere, and when there is no such
folder, the other `project-find-functions' decide (e.g. the `.git' root)."
  (when (derived-mode-p 'labelspec-mode)
    (let ((root (locate-dominating-file dir "labelspec.json")))
      (and root (cons 'transient (expand-file-name root))))))

(with-eval-after-load 'project
  (add-hook 'project-find-functions #'labelspec-project-find))

(defvar eglot-server-programs)

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((labelspec-mode :language-id "labelspec") . labelspec-eglot-contact)))

(declare-function eglot-ensure "eglot" ())

;;; The language server in lsp-mode

(defvar lsp-language-id-configuration)
(declare-function lsp-register-client "lsp-mode" (client))
(declare-function make-lsp-client "lsp-mode" (&rest args))
(declare-function lsp-stdio-connection "lsp-mode" (command &optional test-command))
(declare-function lsp-activate-on "lsp-mode" (&rest languages))

(defun labelspec--lsp-mode-initialization-options ()
  "The `initializationOptions' lsp-mode sends: the options, and `hoverImages'.
lsp-mode draws the pictures of hovers in a graphical frame only; in a
terminal they would be thousands of characters of text, so there it asks
for the text drawings."
  (append (labelspec--initialization-options)
          (list :hoverImages (if (display-images-p) t :json-false))))

(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(labelspec-mode . "labelspec"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () (list labelspec-executable "lsp")))
    :activation-fn (lsp-activate-on "labelspec")
    :initialization-options #'labelspec--lsp-mode-initialization-options
    :server-id 'labelspec)))

;;;###autoload
(define-derived-mode labelspec-mode prog-mode "LabelSpec"
  "Major mode for LabelSpec (.labelspec) files.
With eglot installed, starts `labelspec lsp' (see `labelspec-eglot-auto-start').

\\{labelspec-mode-map}"
  :syntax-table labelspec-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)[ \t]*")
  (setq-local comment-use-syntax t)
  (setq-local syntax-propertize-function #'labelspec-syntax-propertize)
  (setq-local font-lock-defaults '(labelspec-font-lock-keywords))
  (setq-local indent-line-function #'labelspec-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width labelspec-indent-offset)
  (setq-local electric-indent-chars (append "{}[]()" electric-indent-chars))
  (setq-local imenu-generic-expression labelspec-imenu-generic-expression)
  (when (and labelspec-eglot-auto-start buffer-file-name (require 'eglot nil t))
    (eglot-ensure)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.labelspec\\'" . labelspec-mode))

(provide 'labelspec-mode)

;;; labelspec-mode.el ends here

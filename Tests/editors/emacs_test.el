;;; emacs_test.el --- Batch test of editors/emacs/labelspec-mode.el -*- lexical-binding: t; -*-

;; Run by emacs_test.sh as `emacs --batch -q -l emacs_test.el' (Debian's site
;; start-up activates elpa-eglot), with `labelspec' on PATH and
;; LABELSPEC_TEST_DIR / LABELSPEC_MODE_EL set.  Prints one line per check and
;; exits 0 when all pass, 1 otherwise.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defvar labelspec-test-failures 0)
(defvar labelspec-test-checks 0)
(defconst labelspec-test-timeout 30 "Seconds any wait on the server may take.")
(defconst labelspec-test-dir (getenv "LABELSPEC_TEST_DIR"))

(defun labelspec-test-say (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun labelspec-test-check (ok what &optional detail)
  (cl-incf labelspec-test-checks)
  (if ok
      (labelspec-test-say "ok   %s" what)
    (cl-incf labelspec-test-failures)
    (labelspec-test-say "FAIL %s%s" what (if detail (format ": %s" detail) "")))
  ok)

(defun labelspec-test-wait (pred)
  "Wait up to `labelspec-test-timeout' seconds for PRED, serving processes and timers."
  (let ((deadline (+ (float-time) labelspec-test-timeout)) result)
    (while (and (not (setq result (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (sit-for 0))
    result))

(defun labelspec-test-wait-events (pred)
  "Like `labelspec-test-wait', reading events too: file notifications come as events."
  (let ((deadline (+ (float-time) labelspec-test-timeout)) result)
    (while (and (not (setq result (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (read-event nil nil 0.05))
    result))

(defun labelspec-test-face-at (regexp &optional group)
  "The face at the start of GROUP (default 0) of the first REGEXP match."
  (save-excursion
    (goto-char (point-min))
    (if (re-search-forward regexp nil t)
        (let ((f (get-text-property (match-beginning (or group 0)) 'face)))
          (if (listp f) f (list f)))
      (list 'no-match))))

(defun labelspec-test-goto (regexp)
  (goto-char (point-min))
  (re-search-forward regexp)
  (goto-char (match-beginning 0)))

(defun labelspec-test-diag-code (d)
  "The LSP code of flymake diagnostic D, from eglot's data, else its text."
  (or (let ((lsp (alist-get 'eglot-lsp-diag (flymake-diagnostic-data d))))
        (and lsp (plist-get lsp :code)))
      (let ((text (flymake-diagnostic-text d)))
        (and (string-match "\\[\\([a-z-]+\\)\\]" text) (match-string 1 text)))))

(defun labelspec-test-run ()
  (labelspec-test-say "%s; eglot %s"
                      (car (split-string (emacs-version) "\n"))
                      (let ((lib (locate-library "eglot"))) (if lib (file-name-directory lib) "not found")))
  (load (getenv "LABELSPEC_MODE_EL") nil t)
  (labelspec-test-check (eq (cdr (assoc "\\.labelspec\\'" auto-mode-alist)) 'labelspec-mode)
                        "auto-mode-alist maps .labelspec to labelspec-mode")
  (require 'eglot)
  (labelspec-test-check (assq 'labelspec-mode (mapcar (lambda (e) (if (consp (car e)) (car e) (list (car e))))
                                                      eglot-server-programs))
                        "labelspec-mode is in eglot-server-programs")

  ;; Syntax, font-lock and indentation, in a scratch buffer.
  (with-temp-buffer
    (insert "// a line comment\n"
            "/* outer /* inner */ still \"comment\" */\n"
            "style Caption { font: .caption1; textColor: .label }\n"
            "label Name: Caption, Other {\n"
            "text: \"\"\"\n"
            "  Say \"hi\" {\n"
            "  \"\"\"\n"
            "numberOfLines: 0\n"
            "widht: -1.5\n"
            "textColor: #FF8800\n"
            "highlightedTextColor: #12345\n"
            "font: .system(size: 13, weight: .semibold)\n"
            "shadowOffset: (\n"
            "0, 1)\n"
            "isEnabled: true\n"
            "minimumFontSize: 12\n"
            "}\n"
            "label Open { text: \"unterminated\n"
            "width: 10 }\n")
    (labelspec-mode)
    (font-lock-ensure)
    (let ((checks
           `(("a line" font-lock-comment-face)
             ("still \"comment\"" font-lock-comment-face)
             ("^style" font-lock-keyword-face)
             ("Caption {" font-lock-function-name-face)
             ("font: \\.caption1" labelspec-property-face)
             ("\\.caption1" labelspec-case-face)
             ("\\.label }" labelspec-case-face)
             ("Other {" font-lock-type-face)
             ("Say \\\\?\"hi" font-lock-string-face)
             ("hi\" {" font-lock-string-face)
             ("^numberOfLines" labelspec-property-face)
             ("numberOfLines: \\(0\\)" labelspec-number-face 1)
             ("^widht" labelspec-argument-face)
             ("-1\\.5" labelspec-number-face)
             ("#FF8800" labelspec-number-face)
             ("#12345" font-lock-warning-face)
             ("size:" labelspec-argument-face)
             ("\\.semibold" labelspec-case-face)
             ("true" font-lock-constant-face)
             ("^minimumFontSize" font-lock-warning-face)
             ("\"unterminated" font-lock-string-face)
             ("^width: 10" labelspec-property-face))))
      (dolist (c checks)
        (let ((faces (labelspec-test-face-at (nth 0 c) (nth 2 c))))
          (labelspec-test-check (memq (nth 1 c) faces)
                                (format "font-lock: /%s/ has %s" (nth 0 c) (nth 1 c)) faces))))
    (labelspec-test-check (save-excursion (labelspec-test-goto "inner") (nth 4 (syntax-ppss)))
                          "nested /* /* */ */ comment: inside after the inner */")
    (labelspec-test-check (save-excursion (labelspec-test-goto "^style") (not (nth 4 (syntax-ppss))))
                          "nested comment ends at the outer */")
    (labelspec-test-check (save-excursion (labelspec-test-goto "^numberOfLines")
                                          (not (nth 3 (syntax-ppss))))
                          "the \"\"\" string ends at its closing \"\"\" (quotes inside do not end it)")
    (labelspec-test-check (save-excursion (labelspec-test-goto "^width: 10")
                                          (not (nth 3 (syntax-ppss))))
                          "an unterminated one-line string ends at its line break")
    (labelspec-test-check (equal comment-start "// ") "comment-start is \"// \"")
    (indent-region (point-min) (point-max))
    (let ((want (concat "// a line comment\n"
                        "/* outer /* inner */ still \"comment\" */\n"
                        "style Caption { font: .caption1; textColor: .label }\n"
                        "label Name: Caption, Other {\n"
                        "    text: \"\"\"\n"
                        "  Say \"hi\" {\n"
                        "  \"\"\"\n"
                        "    numberOfLines: 0\n"
                        "    widht: -1.5\n"
                        "    textColor: #FF8800\n"
                        "    highlightedTextColor: #12345\n"
                        "    font: .system(size: 13, weight: .semibold)\n"
                        "    shadowOffset: (\n"
                        "        0, 1)\n"
                        "    isEnabled: true\n"
                        "    minimumFontSize: 12\n"
                        "}\n"
                        "label Open { text: \"unterminated\n"
                        "    width: 10 }\n"))
          (got (buffer-string)))
      (labelspec-test-check (equal got want) "indent-region indents blocks, leaves \"\"\" strings alone"
                            (format "\n%s" got))))

  ;; A real file: the mode, eglot, diagnostics, hover, completion.
  (let* ((file (expand-file-name "repo/specs/Mistakes.labelspec" labelspec-test-dir))
         (buffer (find-file-noselect file)))
    (set-buffer buffer)
    (labelspec-test-check (eq major-mode 'labelspec-mode) "the file opens in labelspec-mode" major-mode)
    ;; eglot-ensure connects after the next command; run the command loop's hook once.
    (run-hooks 'post-command-hook)
    (let ((server (labelspec-test-wait (lambda () (eglot-current-server)))))
      (labelspec-test-check server "eglot connected (labelspec-mode called eglot-ensure)")
      (unless server (error "no server"))
      (labelspec-test-check (equal (file-name-as-directory (expand-file-name (project-root (eglot--project server))))
                                   (file-name-as-directory (expand-file-name "repo/specs" labelspec-test-dir)))
                            "the project is the folder holding labelspec.json (not the .git above it)"
                            (eglot--project server))
      (labelspec-test-check (equal (process-command (jsonrpc--process server)) '("labelspec" "lsp"))
                            "the server command is labelspec lsp" (process-command (jsonrpc--process server)))
      ;; Flymake starts its backends once the buffer is displayed; batch has no display.
      (flymake-start)
      (let* ((expected '("syntax" "unknown-property" "type-mismatch" "duplicate" "unknown-style"
                         "style-cycle" "invalid-scale-factor" "wrap-autoshrink-conflict" "no-effect"
                         "deprecated" "style-after-eraser" "missing-localization" "missing-text"
                         "invalid-number" "custom-font" "custom-color" "truncates" "clipped"
                         "fixed-size-font" "low-contrast"))
             (codes nil))
        (labelspec-test-wait
         (lambda ()
           (setq codes (delete-dups (delq nil (mapcar #'labelspec-test-diag-code (flymake-diagnostics)))))
           (cl-every (lambda (c) (member c codes)) expected)))
        (labelspec-test-check flymake-mode "flymake-mode is on")
        (dolist (c expected)
          (labelspec-test-check (member c codes) (format "flymake diagnostic with code %s" c)))
        (let ((typo (cl-find-if (lambda (d) (equal (labelspec-test-diag-code d) "unknown-property"))
                                (flymake-diagnostics))))
          (labelspec-test-check
           (and typo
                (eq (flymake-diagnostic-type typo) 'eglot-error)
                (equal (save-excursion (goto-char (flymake-diagnostic-beg typo))
                                       (list (line-number-at-pos) (current-column)))
                       '(17 4))
                (string-match-p "\\[unknown-property\\].*did you mean 'width'" (flymake-diagnostic-text typo)))
           "unknown-property: an error at 17:5 whose text shows [unknown-property] and the suggestion"
           (and typo (flymake-diagnostic-text typo)))
          ;; Eldoc shows the diagnostic at point beside the hover: flymake answers it,
          ;; and eglot's enthusiast strategy (the hover only) is composed instead.
          (labelspec-test-check (eq eldoc-documentation-strategy #'eldoc-documentation-compose)
                                "eldoc composes its answers in a labelspec buffer eglot manages"
                                eldoc-documentation-strategy)
          (labelspec-test-check (memq #'flymake-eldoc-function eldoc-documentation-functions)
                                "flymake answers eldoc" eldoc-documentation-functions)
          (when typo
            (save-excursion
              (goto-char (flymake-diagnostic-beg typo))
              (let* ((shown nil)
                     (ret (flymake-eldoc-function (lambda (doc &rest _) (setq shown doc)))))
                (when (stringp ret) (setq shown ret))
                (labelspec-test-check (and (stringp shown) (string-match-p "did you mean 'width'" shown))
                                      "eldoc's text at the typo is its diagnostic" shown))))))
;; Quick fixes with point at the end of the typo's line, as `eglot-code-actions' asks
      ;; for them there (issue 24: it said "No code actions here").
      (save-excursion
        (labelspec-test-goto "^    widht: 120")
        (end-of-line)
        (let ((titles (mapcar (lambda (a) (plist-get a :title))
                              (eglot-code-actions (point) (point)))))
          (labelspec-test-check (member "Rename to 'width'" titles)
                                "eglot-code-actions at the end of the typo's line offers the rename" titles)))
      ;; A rename to a name already declared is refused, saying where (issue 24).
      (save-excursion
        (labelspec-test-goto "^label \\(MistakeTypo\\)\\_>")
        (forward-char 8)
        (let ((refusal (condition-case err
                           (progn (jsonrpc-request server :textDocument/rename
                                                   (append (eglot--TextDocumentPositionParams)
                                                           '(:newName "MistakeTruncates")))
                                  nil)
                         (jsonrpc-error (format "%S" err)))))
          (labelspec-test-check (and refusal (string-match-p "'MistakeTruncates' is already declared (Mistakes.labelspec:" refusal))
                                "a rename to a declared name is refused with its place" refusal)))
      ;; Hover on a label's name.
      (labelspec-test-goto "^label \\(MistakeTruncates\\)")
      (forward-char 8)
      (let* ((hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
             (contents (plist-get hover :contents))
             (text (if (stringp contents) contents (or (plist-get contents :value) (format "%S" contents)))))
        (labelspec-test-check (string-match-p "1 line" text)
                              "hover on MistakeTruncates shows the line count (\"1 line\")"
                              (substring text 0 (min 300 (length text)))))
      ;; Completion after `textColor: .', through eglot's completion-at-point.
      (labelspec-test-goto "#767676")
      (delete-region (point) (line-end-position))
      (insert ".")
      (let* ((capf (eglot-completion-at-point))
             (table (nth 2 capf))
             (all (and table (all-completions "" table))))
        (labelspec-test-check capf "eglot-completion-at-point answers after `textColor: .'")
        (dolist (want '("label" "secondaryLabel" "tertiaryLabel" "quaternaryLabel"))
          (labelspec-test-check (or (member want all) (member (concat "." want) all))
                                (format "completion offers %s" want)
                                (string-join (seq-take all 8) " "))))
      (let ((codes nil))
        (labelspec-test-check
         (labelspec-test-wait
          (lambda ()
            (setq codes (mapcar #'labelspec-test-diag-code (flymake-diagnostics)))
            (and (member "unknown-property" codes) (not (member "custom-color" codes)))))
         "after the edit, the custom-color hint is gone (didChange reached the server)"))
      (set-buffer-modified-p nil)
      ;; Files on disk: the server registered watchers, eglot watches the project's folders, and
      ;; a style file created there resolves MistakeOrphan's parent.
      (labelspec-test-check (gethash "labelspec-watched-files" (eglot--file-watches server))
                            "the server registered file watchers (workspace/didChangeWatchedFiles)")
      (write-region "style MistakeMissingStyle { font: .body }\n" nil
                    (expand-file-name "repo/specs/Watched.labelspec" labelspec-test-dir) nil 'quiet)
      (labelspec-test-check
       (labelspec-test-wait-events
        (lambda () (not (member "unknown-style" (mapcar #'labelspec-test-diag-code (flymake-diagnostics))))))
       "a style file created on disk resolves the unknown style (the server follows the file)")
      ;; A second root, with `labelspec-content-size': its label fits at the default size and
      ;; truncates at the largest one, so `truncates' proves the option reached the server.
      (let* ((labelspec-content-size "accessibilityExtraExtraExtraLarge")
             (other (find-file-noselect (expand-file-name "repo/other/Third.labelspec" labelspec-test-dir))))
        (set-buffer other)
        (run-hooks 'post-command-hook)
        (let ((server2 (labelspec-test-wait (lambda () (eglot-current-server)))))
          (labelspec-test-check (and server2 (not (eq server2 server))
                                     (equal (file-name-as-directory (expand-file-name (project-root (eglot--project server2))))
                                            (file-name-as-directory (expand-file-name "repo" labelspec-test-dir))))
                                "a file outside the labelspec.json folder gets its own server, rooted at the .git folder"
                                (and server2 (eglot--project server2)))
          (when server2
            (flymake-start)
            (labelspec-test-check
             (labelspec-test-wait
              (lambda () (member "truncates" (mapcar #'labelspec-test-diag-code (flymake-diagnostics)))))
             "labelspec-content-size reaches the server (truncates at accessibilityExtraExtraExtraLarge)")
            (ignore-errors (eglot-shutdown server2)))))
      (ignore-errors (eglot-shutdown server)))))

(condition-case err
    (labelspec-test-run)
  (error (labelspec-test-check nil "the test ran without a Lisp error" (error-message-string err))))
(labelspec-test-say "lisp: %d checks, %d failed" labelspec-test-checks labelspec-test-failures)
(kill-emacs (if (= labelspec-test-failures 0) 0 1))

;;; emacs_test.el ends here

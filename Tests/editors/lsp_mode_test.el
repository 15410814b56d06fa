;;; lsp_mode_test.el --- labelspec-mode with Emacs' lsp-mode (Debian's elpa-lsp-mode)  -*- lexical-binding: t; -*-

;; Run by emacs_test.sh, once per kind of frame:
;;   emacs -q --batch -l labelspec-mode.el -l lsp_mode_test.el DIR BIN terminal|images
;; lsp-mode calls itself "emacs" in `initialize', one of the clients the server draws hover
;; pictures for (docs/lsp.md, "Pictures in hovers"). labelspec-mode's lsp-mode client sends
;; `hoverImages' as `display-images-p' says: in a terminal (here) the hover is text; in a frame
;; that shows images, it holds a picture lsp-mode's own pattern finds and decodes to SVG.
;; Prints "ok   ..." / "FAIL ..." lines; exits 1 when a check fails.

;;; Code:

(require 'cl-lib)
(require 'lsp-mode)

(defvar lsp-mode-test-failed nil)

(defun lsp-mode-test-check (ok what &optional detail)
  "Print OK's verdict on WHAT (with DETAIL when it failed)."
  (princ (format "%s %s%s\n" (if ok "ok  " "FAIL") what (if (or ok (null detail)) "" (format ": %S" detail))))
  (unless ok (setq lsp-mode-test-failed t)))

(defun lsp-mode-test-wait (predicate seconds)
  "Wait until PREDICATE holds or SECONDS pass; its last value."
  (let ((end (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) end))
      (accept-process-output nil 0.05))
    value))

(let* ((dir (file-name-as-directory (nth 0 command-line-args-left)))
       (bin (nth 1 command-line-args-left))
       (images (equal (nth 2 command-line-args-left) "images"))
       (file (expand-file-name "Title.labelspec" dir)))
  (setq command-line-args-left nil)
  (setq labelspec-executable bin
        labelspec-eglot-auto-start nil
        lsp-session-file (expand-file-name "lsp-session" dir)
        lsp-auto-guess-root t
        lsp-enable-file-watchers nil
        lsp-keep-workspace-alive nil
        lsp-headerline-breadcrumb-enable nil
        lsp-modeline-code-actions-enable nil
        lsp-modeline-diagnostics-enable nil
        lsp-modeline-workspace-status-enable nil
        lsp-lens-enable nil
        lsp-signature-auto-activate nil
        lsp-eldoc-enable-hover nil
        lsp-diagnostics-provider :none
        lsp-completion-enable nil
        lsp-enable-snippet nil
        lsp-restart 'ignore
        lsp-warn-no-matched-clients nil)
  (with-temp-file (expand-file-name "labelspec.json" dir) (insert "{ \"contentSizes\": [\"large\"] }\n"))
  (with-temp-file file
    (insert "label Title {\n    text: \"Download the latest version\"\n"
            "    font: .custom(\"Inter\", size: 17)\n    width: 150\n}\n"))
  (princ (format "lsp_mode_test: lsp-mode %s\n" (or (ignore-errors (lsp-version)) "?")))

  ;; The session: lsp-mode started with `display-images-p' as IMAGES says, a hover on the
  ;; label's name.
  (let ((buffer (find-file-noselect file)) value)
    (with-current-buffer buffer
      (cl-letf (((symbol-function 'display-images-p) (lambda (&rest _) images)))
        (lsp))
      (lsp-mode-test-wait (lambda () (and (lsp-workspaces)
                                          (eq (lsp--workspace-status (car (lsp-workspaces))) 'initialized)))
                          30)
      (goto-char (point-min))
      (search-forward "Title")
      (backward-char 2)
      (let* ((result (lsp-request "textDocument/hover" (lsp--text-document-position-params)))
             (contents (and result (gethash "contents" result))))
        (setq value (and contents (gethash "value" contents)))))
    (lsp-mode-test-check (and value (string-prefix-p "**Title** at .large — 1 line · truncated · 17 pt" value))
                         (format "lsp-mode (%s): hover on a label, its summary first" (if images "images" "terminal")) value)
    (if (not images)
        ;; A terminal: the text drawing, no image.
        (lsp-mode-test-check (and value (not (string-match-p "data:image" value)) (string-match-p "```text\n┌" value))
                             "lsp-mode (terminal): the hover draws the label as text, not a picture" value)
      ;; A frame that shows images: a picture, found by lsp-mode's own pattern, SVG inside.
      (let* ((pattern (plist-get (cadr (assq 'lsp--render-markdown lsp--display-inline-image-alist)) :regexp))
             (bytes (and value pattern (string-match pattern value) (base64-decode-string (match-string 1 value))))
             (svg (and bytes (decode-coding-string bytes 'utf-8))))
        ;; What lsp-mode hands `create-image': Emacs takes the type from the bytes.
        (lsp-mode-test-check (and bytes (eq (image-type-from-data bytes) 'svg))
                             "lsp-mode (images): Emacs finds the picture's type from its bytes: svg" (and bytes (substring bytes 0 40)))
        (lsp-mode-test-check (and svg (string-prefix-p "<svg xmlns=\"http://www.w3.org/2000/svg\"" svg)
                                  (string-match-p "aria-label=\"Download the latest version\"" svg)
                                  (not (string-match-p "```text" value)))
                             "lsp-mode (images): the hover's picture matches lsp-mode's inline-image pattern and is SVG"
                             (and value (substring value 0 (min 300 (length value)))))))))

(kill-emacs (if lsp-mode-test-failed 1 0))

;;; lsp_mode_test.el ends here

"""Reading sheets: files to text, text to lark trees, trees to model records plus diagnostics."""

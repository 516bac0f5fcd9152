"""An SVG picture rendered to PNG with headless Chromium, where it is installed."""

from __future__ import annotations

import re
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span

#: The names headless Chromium is installed under, the first found used.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium() -> str | None:
    """The path of headless Chromium where it is installed, else None."""
    import shutil

    return next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)


def svg_to_png(svg: str, target: Path) -> Diagnostic | None:
    """Render an SVG picture to PNG with headless Chromium, where it is installed; IO009 saying why not."""
    import subprocess
    import tempfile

    browser = find_chromium()

    def refused(why: str) -> Diagnostic:
        return Diagnostic(
            code="IO009",
            severity=Severity.ERROR,
            span=Span(path=str(target), line=1, col=1),
            message=f"cannot write the output: {why}",
        )

    if browser is None:
        return refused("PNG needs Chromium (apt-get install chromium); write .svg instead")
    size = re.search(r'width="(\d+)" height="(\d+)"', svg)
    width, height = (size.group(1), size.group(2)) if size else ("800", "800")
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "picture.svg"
        page.write_text(svg, encoding="utf-8")
        shot = Path(folder) / "picture.png"
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--window-size={width},{height}",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
            capture_output=True,
            timeout=120,
            check=False,
        )
        if not shot.exists():
            return refused("Chromium did not render the picture")
        from shipyard.core.files import atomic_path

        with atomic_path(target) as path:  # a full disk keeps the old picture
            path.write_bytes(shot.read_bytes())
    return None

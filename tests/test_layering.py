import subprocess
import sys


def test_trajectory_does_not_import_panda3d():
    code = (
        "import sys, trajectory; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('panda3d', 'direct')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"

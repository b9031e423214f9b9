"""The shared load driver's command line (`../shared/perf/drive.py`), as the benchmarks' stand-ins read it: a
stand-in script starts with DRIVER_HEAD, then prints what the real driver would."""

DRIVER_HEAD = '''
import argparse, json, urllib.request
ap = argparse.ArgumentParser()
for flag in ("--port", "--server-pid", "--games", "--rate", "--duration", "--mode", "--limit"):
    ap.add_argument(flag)
a = ap.parse_args()
'''

"""Opens midiroll's interactive pages in headless Chromium (Selenium) and reports what a person
would see and get: console errors, the note count, the grid lines drawn before and after zooming
in, the tooltip of hovered notes, the pixel colours at notes in a screenshot, and the JSON that
"Save" gives after dragging a note by one grid cell. It judges nothing: the Swift test
(Tests/PianoRollWebTests) compares the report with midiroll's own model of the song.

usage: piano_roll_page.py PLAN.json REPORT.json
  PLAN: {"pages": [{"path": "a.html", "pixels": [[tick, pitch], ...], "hover": [[tick, pitch], ...],
         "zoomInClicks": 2, "drag": [tick, pitch]}]}
usage: piano_roll_page.py --bench PAGE.html   (prints the seconds until the page is drawn)
"""

import json
import struct
import sys
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WIDTH, HEIGHT = 1200, 700


def start_browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={WIDTH},{HEIGHT}", "--force-device-scale-factor=1",
                     "--force-color-profile=srgb", "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def decode_png(data):
    """The pixels of an 8-bit RGB or RGBA PNG as rows of (r, g, b) lookups."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, chunks, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else upper_left
                line[i] = (line[i] + predictor) & 255
        rows.append(bytes(line))
        previous = line
    return lambda x, y: list(rows[y][x * channels:x * channels + 3]) if 0 <= x < width and 0 <= y < height else None


def open_page(driver, path):
    driver.get("file://" + path)
    WebDriverWait(driver, 120).until(lambda d: d.execute_script("return Boolean(window.midiroll)"))


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def state(driver):
    return driver.execute_script("return window.midiroll.state()")


def lines(driver):
    return driver.execute_script("return window.midiroll.gridLinesInView()")


def note_box(driver, tick, pitch):
    return driver.execute_script("return window.midiroll.noteBox(arguments[0], arguments[1])", tick, pitch)


def move_to(driver, canvas, x, y):
    """Moves the mouse to page pixel (x, y) (Selenium offsets count from the element's centre)."""
    rect = canvas.rect
    ActionChains(driver).move_to_element_with_offset(
        canvas, int(round(x - rect["x"] - rect["width"] / 2)), int(round(y - rect["y"] - rect["height"] / 2))).perform()


def check_page(driver, page):
    report = {"path": page["path"]}
    open_page(driver, page["path"])
    canvas = driver.find_element(By.ID, "roll")
    report["state"] = state(driver)
    report["lines"] = lines(driver)

    # Colours where the notes are, from a real screenshot.
    report["pixels"] = []
    pixel = decode_png(driver.get_screenshot_as_png()) if page.get("pixels") else None
    for tick, pitch in page.get("pixels", []):
        box = note_box(driver, tick, pitch)
        x, y = int(box["left"] + box["width"] / 2), int(box["top"] + box["height"] / 2)
        report["pixels"].append({"tick": tick, "pitch": pitch, "x": x, "y": y, "rgb": pixel(x, y)})

    # Tooltips.
    report["hover"] = []
    for tick, pitch in page.get("hover", []):
        box = note_box(driver, tick, pitch)
        move_to(driver, canvas, box["left"] + min(box["width"] / 2, 6), box["top"] + box["height"] / 2)
        report["hover"].append({"tick": tick, "pitch": pitch,
                                "text": driver.execute_script("return window.midiroll.tooltipText()")})

    # Zoom in with the toolbar's button.
    for _ in range(page.get("zoomInClicks", 0)):
        driver.find_element(By.ID, "zoom-in").click()
    report["zoomedState"] = state(driver)
    report["zoomedLines"] = lines(driver)

    # Drag a note by one grid cell, then save; undo, then save again.
    if "drag" in page:
        tick, pitch = page["drag"]
        driver.execute_script("window.midiroll.scrollTo(arguments[0], arguments[1])", max(0, tick - 960), pitch)
        box = note_box(driver, tick, pitch)
        cell = driver.execute_script("return window.midiroll.cellPixels()")
        x = box["left"] + min(box["width"] / 2, 8)
        y = box["top"] + box["height"] / 2
        move_to(driver, canvas, x, y)
        # A little more than one cell: the note snaps to the grid line one cell on.
        ActionChains(driver).click_and_hold().move_by_offset(int(round(cell)) + 6, 0).release().perform()
        report["drag"] = {"cellPixels": cell, "grid": state(driver)["grid"],
                          "saved": driver.execute_script("return window.midiroll.saveJSON()"),
                          "undoSteps": state(driver)["undoSteps"]}
        driver.execute_script("window.midiroll.undo()")
        report["drag"]["savedAfterUndo"] = driver.execute_script("return window.midiroll.saveJSON()")
        # Resize: drag the note's end (3 pixels inside it) a little more than one cell on.
        box = note_box(driver, tick, pitch)
        move_to(driver, canvas, box["left"] + box["width"] - 3, box["top"] + box["height"] / 2)
        ActionChains(driver).click_and_hold().move_by_offset(int(round(cell)) + 6, 0).release().perform()
        report["drag"]["resizePixels"] = int(round(cell)) + 6
        report["drag"]["savedAfterResize"] = driver.execute_script("return window.midiroll.saveJSON()")
        driver.execute_script("window.midiroll.undo()")

    # Add a note with a double click (it takes the velocity, channel and track of the note selected
    # last), remove it with Delete, bring it back with Ctrl+Z.
    if "add" in page:
        tick, pitch = page["add"]
        driver.execute_script("window.midiroll.scrollTo(window.midiroll.state().tick0, arguments[0])", pitch)
        x = driver.execute_script(
            "const s = window.midiroll.state(); return arguments[0] - s.tick0", tick) * state(driver)["pixelsPerTick"]
        box = canvas.rect
        keys = 64
        top = driver.execute_script("return window.midiroll.rowTop(arguments[0])", pitch)
        move_to(driver, canvas, box["x"] + keys + x, box["y"] + top + 3)
        ActionChains(driver).double_click().perform()
        added = {"count": state(driver)["noteCount"],
                 "saved": driver.execute_script("return window.midiroll.saveJSON()")}
        ActionChains(driver).send_keys(Keys.DELETE).perform()
        added["countAfterDelete"] = state(driver)["noteCount"]
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        added["countAfterUndo"] = state(driver)["noteCount"]
        report["add"] = added

    # Ctrl + wheel zooms too.
    if page.get("wheel"):
        before = state(driver)["pixelsPerTick"]
        ActionChains(driver).key_down(Keys.CONTROL).scroll_from_origin(ScrollOrigin.from_element(canvas), 0, -300) \
            .key_up(Keys.CONTROL).perform()
        driver.execute_script("window.midiroll.drawNow()")
        report["wheelZoom"] = state(driver)["pixelsPerTick"] / before

    # Play: the play line moves on and the notes under it are lit; Play again stops.
    if page.get("play"):
        driver.execute_script("window.midiroll.scrollTo(0)")
        driver.find_element(By.ID, "play").click()
        # The state in which the condition held, taken in the same call (a moment later the play
        # line may be between two notes).
        playing = WebDriverWait(driver, 60).until(
            lambda d: d.execute_script(
                "const s = window.midiroll.state(); return s.playTick > 0 && s.litNotes > 0 ? s : null"))
        driver.find_element(By.ID, "play").click()
        report["play"] = {"playing": playing["playing"], "playTick": playing["playTick"],
                          "litNotes": playing["litNotes"], "stopped": not state(driver)["playing"]}

    if page.get("screenshot"):
        driver.execute_script("window.midiroll.scrollTo(0)")
        driver.save_screenshot(page["screenshot"])
    report["consoleErrors"] = console_errors(driver)
    return report


def bench(path):
    driver = start_browser()
    try:
        started = time.monotonic()
        open_page(driver, path)
        driver.execute_script("window.midiroll.drawNow()")
        loaded = time.monotonic() - started
        # Panning: draw 20 frames, each a screen further along.
        started = time.monotonic()
        driver.execute_script("""
          const m = window.midiroll; const s = m.state();
          for (let i = 1; i <= 20; i++) m.scrollTo(s.tick0 + i * (s.tickRight - s.tick0), 60);""")
        panned = (time.monotonic() - started) / 20
        # The same at the coarsest zoom level (whole notes, 7 pixels a quarter note).
        started = time.monotonic()
        driver.execute_script("""
          const m = window.midiroll; m.setZoomLevel(1); const s = m.state();
          for (let i = 1; i <= 20; i++) m.scrollTo(s.tick0 + i * (s.tickRight - s.tick0), 60);""")
        panned_out = (time.monotonic() - started) / 20
        errors = console_errors(driver)
        timings = {name: round(value / 1000, 3) for name, value in
                   driver.execute_script("return window.midiroll.timings()").items()}
        print(json.dumps({"loadSeconds": round(loaded, 3), "pageSeconds": timings,
                          "secondsPerPannedFrame": round(panned, 4),
                          "secondsPerPannedFrameAtWholeNotes": round(panned_out, 4),
                          "notes": state(driver)["noteCount"], "consoleErrors": errors}))
    finally:
        driver.quit()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--bench":
        bench(sys.argv[2])
        return
    with open(sys.argv[1]) as file:
        plan = json.load(file)
    driver = start_browser()
    try:
        reports = [check_page(driver, page) for page in plan["pages"]]
    finally:
        driver.quit()
    with open(sys.argv[2], "w") as file:
        json.dump({"pages": reports}, file)


if __name__ == "__main__":
    main()

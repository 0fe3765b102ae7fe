"""Opens midiroll's dataset report page (`midiroll report OUT --html PAGE.html`) in headless
Chromium (Selenium) and reports what it shows: console errors, the totals table, the failure and
duplicate groups, and every chart with the count of each bar it drew (from the bars'
data-count, in order) and the bar's drawn height. It judges nothing: the Swift test
(Tests/MIDIRollCLITests/ReportPageTests) compares it with `midiroll report --json`.

usage: dataset_report_page.py PAGE.html  (prints one JSON object)
"""

import json
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def start_browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,900"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    browser = start_browser()
    try:
        browser.get(page.as_uri())
        WebDriverWait(browser, 20).until(
            lambda driver: driver.find_element(By.TAG_NAME, "body").get_attribute("data-drawn") == "true")
        charts = []
        for chart in browser.find_elements(By.CSS_SELECTOR, "section.chart"):
            bars = chart.find_elements(By.CSS_SELECTOR, "rect.bar")
            charts.append({
                "name": chart.get_attribute("data-chart"),
                "kind": chart.get_attribute("data-kind"),
                "counts": [int(bar.get_attribute("data-count")) for bar in bars],
                "names": [bar.get_attribute("data-name") for bar in bars],
                "heights": [bar.rect["height"] if chart.get_attribute("data-kind") == "histogram"
                            else bar.rect["width"] for bar in bars],
                "visible": chart.is_displayed(),
            })
        totals = {row.get_attribute("data-name"): int(row.find_element(By.CSS_SELECTOR, "td.value")
                                                         .get_attribute("data-value"))
                  for row in browser.find_elements(By.CSS_SELECTOR, "#totals tr")}
        failures = [int(row.get_attribute("data-count"))
                    for row in browser.find_elements(By.CSS_SELECTOR, "#failures tbody tr")]
        duplicates = [{"kept": item.get_attribute("data-kept"), "count": int(item.get_attribute("data-count"))}
                      for item in browser.find_elements(By.CSS_SELECTOR, "#duplicates > li")]
        errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        requests = browser.execute_script(
            "return performance.getEntriesByType('resource').map(entry => entry.name)")
        print(json.dumps({"charts": charts, "totals": totals, "failures": failures, "duplicates": duplicates,
                          "errors": errors, "requests": requests}))
    finally:
        browser.quit()


if __name__ == "__main__":
    main()

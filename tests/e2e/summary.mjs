// A reporter that ends the run with the plain "N passed, N failed" line of every .ci script.
export default class Summary {
  passed = 0;

  failed = 0;

  onTestEnd(test, result) {
    if (result.status === 'passed') this.passed++;
    else if (result.status !== 'skipped') this.failed++;
  }

  onEnd() {
    console.log(`${this.passed} passed, ${this.failed} failed`);
  }
}

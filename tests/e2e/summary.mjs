// A reporter that ends the run with the plain "N passed, N failed" line of every .ci script,
// after the slowest tests and the run's wall time: where the suite's minutes go (issue 28's
// "at most 10 minutes").
const SLOWEST_SHOWN = 8;

export default class Summary {
  passed = 0;

  failed = 0;

  durations = [];

  began = Date.now();

  onTestEnd(test, result) {
    if (result.status === 'passed') this.passed++;
    else if (result.status !== 'skipped') this.failed++;
    this.durations.push({ title: `${test.location.file.split('/').pop()} › ${test.title}`, ms: result.duration });
  }

  onEnd() {
    const minutes = (ms) => (ms / 60_000).toFixed(1);
    const total = this.durations.reduce((sum, d) => sum + d.ms, 0);
    console.log(`wall time ${minutes(Date.now() - this.began)} min; the tests' own times add up to ${minutes(total)} min; slowest:`);
    for (const { title, ms } of [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN)) {
      console.log(`  ${(ms / 1000).toFixed(1)} s  ${title}`);
    }
    console.log(`${this.passed} passed, ${this.failed} failed`);
  }
}

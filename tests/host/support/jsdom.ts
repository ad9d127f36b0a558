// jsdom has no scrolling; the router's scroll restoration calls window.scrollTo on every navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

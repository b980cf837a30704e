// Placeholder: being written (issue 13).
int main() { return 2; }

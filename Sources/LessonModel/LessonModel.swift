// Lessons and the course.
